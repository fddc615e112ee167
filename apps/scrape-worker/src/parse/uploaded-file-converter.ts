import mammoth from 'mammoth';
import type { DocumentFormat, PageMetadata, ResolvedScrapeOptions, ScrapeDocument } from '@wh/contracts';
import { escapeHtml, pdfDocument } from '../pdf/pdf-document';
import type { Converter } from '../scrape/document-builder';
import { type ConvertibleKind, decodeText } from './file-type';
import { markdownToHtml } from './markdown-html';

/** A file turned into the requested formats, with the PDF pages that bill it. */
export interface ConvertedFile {
  document: ScrapeDocument;
  /** Present for PDFs: pages parsed (0 when returned raw). */
  pdfPagesParsed?: number;
}

export interface FileToConvert {
  body: Buffer;
  kind: ConvertibleKind;
  contentType: string;
  filename: string;
  options: ResolvedScrapeOptions;
}

function htmlPage(body: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>${body}</body></html>`;
}

/** Word's own markup as HTML; a document may not reach outside itself (linked files on the worker's disk). */
async function docxHtml(body: Buffer): Promise<string> {
  const result = await mammoth.convertToHtml({ buffer: body }, { externalFileAccess: false });
  return htmlPage(result.value);
}

/**
 * Converts an uploaded file with scrape's own pipelines: HTML (and DOCX through mammoth, and Markdown rendered to
 * HTML) through the same conversion as a scraped page, honouring onlyMainContent and the tag filters; PDFs through
 * the per-page PDF path. Markdown keeps its own text as the `markdown` format; plain text comes back as it is,
 * wrapped in `<pre>` for the HTML formats.
 */
export class UploadedFileConverter {
  constructor(private readonly convertHtml: Converter) {}

  async convert(file: FileToConvert): Promise<ConvertedFile> {
    const metadata: PageMetadata = {
      sourceURL: file.filename,
      url: file.filename,
      statusCode: 200,
      contentType: file.contentType,
    };
    switch (file.kind) {
      case 'pdf': {
        const { document, pagesParsed } = await pdfDocument(file.body, file.options, metadata);
        return { document, pdfPagesParsed: pagesParsed };
      }
      case 'html':
        return { document: await this.fromHtml(decodeText(file.body), file, metadata) };
      case 'docx':
        return { document: await this.fromHtml(await docxHtml(file.body), file, metadata) };
      case 'markdown': {
        const text = decodeText(file.body);
        const document = await this.fromHtml(htmlPage(markdownToHtml(text)), file, metadata);
        if (document.markdown !== undefined) document.markdown = text;
        return { document };
      }
      case 'text':
        return { document: textDocument(decodeText(file.body), file.options.formats, metadata) };
    }
  }

  private async fromHtml(html: string, file: FileToConvert, metadata: PageMetadata): Promise<ScrapeDocument> {
    const { options } = file;
    const converted = await this.convertHtml({
      html,
      // The base for relative links: an upload has no site, so they stay within the file's own name.
      url: `file:///${encodeURIComponent(file.filename)}`,
      formats: options.formats,
      onlyMainContent: options.onlyMainContent,
      includeTags: options.includeTags,
      excludeTags: options.excludeTags,
      removeBase64Images: options.removeBase64Images,
    });
    // What the conversion read about a fetched page (a script shell, a crawl's links) means nothing for an upload.
    const { metadata: found, ...outputs } = converted.outputs;
    return { ...outputs, metadata: { ...found, ...metadata } };
  }
}

function textDocument(text: string, formats: DocumentFormat[], metadata: PageMetadata): ScrapeDocument {
  const document: ScrapeDocument = { metadata };
  for (const format of formats) {
    if (format === 'links' || format === 'images') document[format] = [];
    else if (format === 'markdown') document.markdown = text;
    else document[format] = `<pre>${escapeHtml(text)}</pre>`;
  }
  return document;
}
