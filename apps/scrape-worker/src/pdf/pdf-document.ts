import { ErrorCode, type PageMetadata, type ResolvedScrapeOptions, type ScrapeDocument } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { readPdfTextInThread } from './pdf-text-thread';

/** A PDF turned into the requested formats, with the page count that bills it. */
export interface PdfDocument {
  document: ScrapeDocument;
  /** Pages parsed; 0 when the file was returned raw. */
  pagesParsed: number;
}

/** A PDF may carry a few bytes of junk before its header; readers look in the first kilobyte. */
export function hasPdfSignature(body: Buffer): boolean {
  const header = body.indexOf('%PDF-', 0, 'latin1');
  return header >= 0 && header < 1024;
}

export function isPdf(contentType: string, body: Buffer): boolean {
  return contentType === 'application/pdf' || hasPdfSignature(body);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Lines of one page's text, trimmed, empty ones dropped. */
function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

function pageMarkdown(pages: string[][]): string {
  return pages
    .map((lines, index) => [`<!-- page ${index + 1} -->`, lines.join('\n\n')].filter(Boolean).join('\n\n'))
    .join('\n\n---\n\n');
}

function pageHtml(pages: string[][]): string {
  return pages
    .map(
      (lines, index) =>
        `<section data-page="${index + 1}">${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</section>`,
    )
    .join('\n');
}

/**
 * Parses a PDF with pdf.js (through pdf-parse, in a thread of its own): every page's text in reading order, page
 * boundaries kept as separators. With `rawPdf` the file comes back base64-encoded in each requested text format instead.
 */
export async function pdfDocument(
  body: Buffer,
  options: ResolvedScrapeOptions,
  metadata: PageMetadata,
): Promise<PdfDocument> {
  if (options.rawPdf) {
    const base64 = body.toString('base64');
    const document: ScrapeDocument = { metadata: { ...metadata, contentType: 'application/pdf' } };
    for (const format of options.formats) {
      if (format === 'links' || format === 'images') document[format] = [];
      else document[format] = base64;
    }
    return { document, pagesParsed: 0 };
  }
  let text;
  try {
    text = await readPdfTextInThread(body);
  } catch (error) {
    throw new DomainError(ErrorCode.ScrapeUnsupportedFile, `The PDF could not be parsed: ${(error as Error).message}`);
  }
  const pages = text.pages.map(linesOf);
  const document: ScrapeDocument = {
    metadata: {
      ...metadata,
      contentType: 'application/pdf',
      numPages: text.total,
      ...(text.title ? { title: text.title } : {}),
    },
  };
  for (const format of options.formats) {
    if (format === 'links' || format === 'images') document[format] = [];
    else if (format === 'markdown') document.markdown = pageMarkdown(pages);
    else document[format] = pageHtml(pages);
  }
  return { document, pagesParsed: text.total };
}
