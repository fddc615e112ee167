import 'reflect-metadata';
import { type DocxPage, provideInfrastructure, startStack, textDocx, textPdf } from '@wh/testing';
import { writeReportSection } from '../report-section';
import { measure } from '../scrape/latency';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

const PDF_PAGES = 20;
const DOCX_PAGES = 50;
const WARMUP_RUNS = 2;
const RUNS = 10;

/** A page of report prose: about 40 lines, the density of a text-heavy PDF page. */
function reportLines(page: number): string[] {
  return Array.from(
    { length: 40 },
    (_, line) => `Page ${page + 1}, line ${line + 1}: revenue, costs and the outlook for the harbour trust's year.`,
  );
}

/** A page of a Word document: a heading and twelve paragraphs of about 60 words. */
function docxPage(page: number): DocxPage {
  const sentence = `Section ${page + 1} reports on the harbour's moorings, the fish market's hours and the lighthouse repairs.`;
  return {
    heading: `Section ${page + 1}`,
    paragraphs: Array.from({ length: 12 }, (_, index) => `${index + 1}. ${sentence} ${sentence} ${sentence}`),
  };
}

interface Row {
  label: string;
  pages: number;
  bytes: number;
  p50: number;
  p95: number;
}

/**
 * `npm run bench:parse`: POST /v2/parse through the official SDK against a stack of the gateway, a scrape-worker
 * and billing-service: a 20-page PDF and a 50-page DOCX, one request at a time, timed end to end (upload into the
 * object store, conversion, billing event) and per page. Writes the "Parse" section of docs/benchmarks.md.
 */
async function main(): Promise<void> {
  const infrastructure = await provideInfrastructure();
  const stack = await startStack(infrastructure, {
    services: ['api-gateway', 'scrape-worker', 'billing-service'],
    label: 'bench-parse',
  });
  try {
    const firecrawl = new Firecrawl({ apiKey: stack.apiKey, apiUrl: stack.baseUrl });
    const files = [
      {
        label: `PDF, ${PDF_PAGES} pages`,
        pages: PDF_PAGES,
        file: {
          data: textPdf(
            'Harbour trust report',
            Array.from({ length: PDF_PAGES }, (_, page) => reportLines(page)),
          ),
          filename: 'report.pdf',
          contentType: 'application/pdf',
        },
        expected: `Page ${PDF_PAGES}, line 40`,
      },
      {
        label: `DOCX, ${DOCX_PAGES} pages`,
        pages: DOCX_PAGES,
        file: {
          data: textDocx(Array.from({ length: DOCX_PAGES }, (_, page) => docxPage(page))),
          filename: 'report.docx',
          contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        },
        expected: `# Section ${DOCX_PAGES}`,
      },
    ];
    const rows: Row[] = [];
    for (const { label, pages, file, expected } of files) {
      const parseOnce = async (): Promise<void> => {
        const document = await firecrawl.parse(file, { formats: ['markdown'], onlyMainContent: false });
        if (!document.markdown?.includes(expected)) throw new Error(`${label}: the markdown misses "${expected}"`);
      };
      for (let run = 0; run < WARMUP_RUNS; run += 1) await parseOnce();
      const timing = await measure(RUNS, 1, parseOnce);
      rows.push({ label, pages, bytes: file.data.length, p50: timing.p50, p95: timing.p95 });
    }

    const table = rows
      .map(
        (row) =>
          `| ${row.label} (${Math.round(row.bytes / 1024)} KB) | ${row.p50.toFixed(0)} ms / ${row.p95.toFixed(0)} ms | ` +
          `${(row.p50 / row.pages).toFixed(1)} ms | ${Math.round((row.pages * 1000) / row.p50)} pages/s |`,
      )
      .join('\n');
    writeReportSection(
      'parse',
      `## Parse (\`npm run bench:parse\`)

POST /v2/parse through the official SDK's \`parse()\`, one request at a time, ${RUNS} runs after ${WARMUP_RUNS} warm-up runs,
\`formats: ["markdown"]\`, \`onlyMainContent: false\`; stack of api-gateway, scrape-worker and billing-service.

| file | request p50 / p95 | per page (p50) | pages/s (one request at a time) |
|---|---|---|---|
${table}

A request is the multipart upload streamed into the object store, the \`scrape.file.parse\` request, the
conversion (pdf.js per page; mammoth to HTML, then the scrape conversion pipeline on a worker thread), the usage
event and the reply. The PDFs and DOCX files are generated (\`textPdf\`, \`textDocx\` in libs/testing).`,
    );
    process.stdout.write(
      `${rows.map((row) => `${row.label}: p50 ${row.p50.toFixed(0)} ms, ${(row.p50 / row.pages).toFixed(1)} ms/page`).join('\n')}\n`,
    );
  } finally {
    await stack.stop();
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
