import { PDFParse } from 'pdf-parse';

/** What the PDF thread reads from a file: the text of each page and the title in its info dictionary. */
export interface PdfText {
  /** Pages in the file. */
  total: number;
  /** Each page's text, in reading order. */
  pages: string[];
  title?: string;
}

/** The title from a PDF's info dictionary, when it has one. */
function titleOf(info: unknown): string | undefined {
  const title = (info as { Title?: unknown } | undefined)?.Title;
  return typeof title === 'string' && title.trim() ? title.trim() : undefined;
}

/** Runs in a thread of its own (see pdf-text-thread.ts): reads a PDF's text with pdf.js through pdf-parse. */
export default async function readPdfText(data: Uint8Array): Promise<PdfText> {
  const parser = new PDFParse({ data });
  try {
    // One request at a time: pdf.js fails on concurrent calls into one loaded document.
    const text = await parser.getText();
    const info = await parser.getInfo();
    const title = titleOf(info.info as unknown);
    return { total: text.total, pages: text.pages.map((page) => page.text), ...(title ? { title } : {}) };
  } finally {
    await parser.destroy();
  }
}
