import { editedHtml, withDocument } from '../dom/dom-document';
import { applyTagSelection } from '../dom/select-tags';
import { fragmentChars } from '../dom/text-measure';
import { chooseMainContent, type MainContentHints } from '../main-content/choose-main-content';
import type { ConvertRequest } from './convert-request';

// Readability walks jsdom's live collections again and again, which grows faster than the page, so a very large page
// costs far more than its size says (docs/benchmarks.md, "Settings of the HTML pipeline"). Past this size a page is one
// long document anyway, so the cleaned page (already pre-filtered the way Readability's first pass filters) is its
// main content.
const MAX_READABILITY_HTML_CHARS = 1_000_000;

// Main content with less visible text outside links than this is suspect: the pre-filter may have dropped the real content.
const SCANT_CONTENT_CHARS = 200;

type ContentRequest = Pick<ConvertRequest, 'onlyMainContent' | 'includeTags' | 'excludeTags'>;

/** Whether the request selects tags, which takes a DOM and the attributes selectors may refer to. */
export function hasTagSelectors(request: ContentRequest): boolean {
  return request.includeTags.length > 0 || request.excludeTags.length > 0;
}

function selectTags(fragment: string, request: ContentRequest): string {
  // Without selectors there is nothing a DOM is needed for: the cleaned fragment is the whole page already.
  if (!hasTagSelectors(request)) return fragment;
  return editedHtml(fragment, (body) => applyTagSelection(body, request.includeTags, request.excludeTags));
}

/** Whether {@link selectContent} wants its fragment pre-filtered the way Readability's first pass filters. */
export function usesMainContentPrefilter(request: ContentRequest): boolean {
  // Included tags are the user's own choice of content; nothing in them may go before they are applied.
  return request.onlyMainContent && request.includeTags.length === 0;
}

/**
 * The HTML fragment the markdown and html formats are made from: the cleaned page with includeTags/excludeTags
 * applied, reduced to its main content when asked for. When the pre-filtered page yields next to nothing (its
 * content sat in elements whose class reads like boilerplate, such as a thread's "comments"), the main content is
 * looked for again in the whole page (from `wholePage`, without the pre-filter), and the longer reading wins.
 */
export function selectContent(
  cleaned: string,
  request: ContentRequest,
  wholePage: () => string,
  hints: MainContentHints,
): string {
  if (!request.onlyMainContent || cleaned.length > MAX_READABILITY_HTML_CHARS) return selectTags(cleaned, request);
  const first = mainContentOf(cleaned, request, hints);
  if (!usesMainContentPrefilter(request) || fragmentChars(first) >= SCANT_CONTENT_CHARS) return first;
  const whole = wholePage();
  if (whole.length > MAX_READABILITY_HTML_CHARS) return first;
  const second = mainContentOf(whole, request, hints);
  return plainTextChars(second) > plainTextChars(first) ? second : first;
}

function mainContentOf(fragment: string, request: ContentRequest, hints: MainContentHints): string {
  const main = withDocument(fragment, (document) => {
    applyTagSelection(document.body, request.includeTags, request.excludeTags);
    return chooseMainContent(document, hints);
  });
  // Nothing worth keeping was found (a short page): the fragment itself, already without navigation, footers and
  // the like when it was pre-filtered, is the main content.
  return main ?? selectTags(fragment, request);
}

/** Visible characters outside links: a menu found in the whole page must not outweigh a short text. */
function plainTextChars(html: string): number {
  return fragmentChars(html.replace(/<a\b[^>]*>[\s\S]*?<\/a>/gi, ''));
}
