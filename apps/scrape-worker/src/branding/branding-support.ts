import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';

/** Media types Chromium lays out as a web page; an empty type is a page that did not say (it renders as HTML). */
const WEB_PAGE_TYPES = new Set(['', 'text/html', 'application/xhtml+xml']);

/** Refuses the `branding` format for what Chromium shows but does not lay out as a page: PDFs, images, text, JSON. */
export function assertBrandable(mimeType: string, url: string): void {
  if (WEB_PAGE_TYPES.has(mimeType)) return;
  throw new DomainError(
    ErrorCode.ScrapeBrandingNotSupported,
    `The branding format needs a web page that Chromium can render, and ${url} is ${mimeType}: it has no colours, fonts or logo to read`,
    { url, contentType: mimeType },
  );
}

/** The sampler could not read the rendered page (it navigated away, or its document is not a page). */
export function samplingFailed(url: string, error: unknown): DomainError {
  const reason = error instanceof Error ? error.message : String(error);
  return new DomainError(
    ErrorCode.ScrapeBrandingNotSupported,
    `The branding of ${url} could not be read from the rendered page: ${reason}`,
    { url },
  );
}
