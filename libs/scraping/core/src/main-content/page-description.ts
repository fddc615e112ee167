import { compactText, fragmentChars } from '../dom/text-measure';
import type { PageMetadataFields } from '../metadata/extract-metadata';

function escapeHtmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The main content, headed by the page's title and description when it holds less text than the description does.
 * A page whose body is drawn by scripts (a forum or shop front fetched without a browser) leaves a banner, a cookie
 * notice or nothing at all once its scripts are gone, while its `<meta name="description">` (Discourse puts the first
 * post there, shops their category blurb) still says what the page is; the little that was found stays after it.
 */
export function withPageDescription(content: string, metadata: PageMetadataFields): string {
  const description = (metadata.description ?? metadata.ogDescription)?.trim();
  if (!description || fragmentChars(content) * 2 >= compactText(description).length) return content;
  return `<p>${escapeHtmlText(description)}</p>${content}`;
}
