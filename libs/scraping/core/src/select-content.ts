import type { ConvertRequest } from './convert-request';
import { parseDocument, releaseDocument } from './dom-document';
import { chooseMainContent } from './choose-main-content';
import { applyTagSelection } from './select-tags';

// Readability walks jsdom's live collections again and again, which grows faster than the page: a 6 MB report
// takes 15 s. Past this size a page is one long document anyway, so the cleaned page (already pre-filtered the
// way Readability's first pass filters) is its main content.
const MAX_READABILITY_HTML_CHARS = 1_000_000;

type ContentRequest = Pick<ConvertRequest, 'onlyMainContent' | 'includeTags' | 'excludeTags'>;

function withDocument<T>(fragment: string, use: (document: Document) => T): T {
  const document = parseDocument(fragment);
  try {
    return use(document);
  } finally {
    releaseDocument(document);
  }
}

/** Whether the request selects tags, which takes a DOM and the attributes selectors may refer to. */
export function hasTagSelectors(request: ContentRequest): boolean {
  return request.includeTags.length > 0 || request.excludeTags.length > 0;
}

function selectTags(fragment: string, request: ContentRequest): string {
  // Without selectors there is nothing a DOM is needed for: the cleaned fragment is the whole page already.
  if (!hasTagSelectors(request)) return fragment;
  return withDocument(fragment, (document) => {
    applyTagSelection(document.body, request.includeTags, request.excludeTags);
    return document.body.innerHTML;
  });
}

/** Whether {@link selectContent} wants its fragment pre-filtered the way Readability's first pass filters. */
export function usesMainContentPrefilter(request: ContentRequest): boolean {
  // Included tags are the user's own choice of content; nothing in them may go before they are applied.
  return request.onlyMainContent && request.includeTags.length === 0;
}

/**
 * The HTML fragment the markdown and html formats are made from: the cleaned page with includeTags/excludeTags
 * applied, reduced to Readability's main content when asked for. When Readability finds nothing worth keeping, the
 * pre-filtered page is used, and the whole page (from `wholePage`, without the pre-filter) only when that is empty.
 */
export function selectContent(cleaned: string, request: ContentRequest, wholePage: () => string): string {
  if (!request.onlyMainContent || cleaned.length > MAX_READABILITY_HTML_CHARS) return selectTags(cleaned, request);
  const main = withDocument(cleaned, (document) => {
    applyTagSelection(document.body, request.includeTags, request.excludeTags);
    return chooseMainContent(document);
  });
  if (main !== undefined) return main;
  // Readability found too little (a short page): the pre-filtered page, already without navigation, footers and
  // the like, is the main content; only when nothing visible is left does the whole page stand in.
  const prefiltered = selectTags(cleaned, request);
  if (!usesMainContentPrefilter(request) || hasVisibleText(prefiltered)) return prefiltered;
  return selectTags(wholePage(), request);
}

function hasVisibleText(html: string): boolean {
  return /\S/.test(html.replace(/<[^>]*>/g, ''));
}
