import path from 'node:path';
import Piscina from 'piscina';
import type { PdfText } from './pdf-text.worker';

/**
 * pdf-parse bundles core-js, which replaces built-ins of the realm that loads it (`Array.prototype.push` about 7x
 * slower, `JSON.parse`, ...). Loaded in the worker's main thread it slowed every message and every cached hit the
 * worker handled; in a thread of its own it changes only that thread's realm.
 */
let pool: Piscina<Uint8Array, PdfText> | undefined;

function pdfThread(): Piscina<Uint8Array, PdfText> {
  pool ??= new Piscina({
    filename: path.join(__dirname, 'pdf-text.worker.js'),
    // Started with the first PDF, and gone again after a minute without one: most workers never see a PDF.
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
  });
  return pool;
}

/** The text of each page of a PDF, read in the PDF thread. */
export function readPdfTextInThread(body: Buffer): Promise<PdfText> {
  // A copy of the file's bytes of its own, moved to the thread rather than copied again.
  const data = new Uint8Array(body);
  return pdfThread().run(data, { transferList: [data.buffer] });
}
