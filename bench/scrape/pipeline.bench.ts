import { Readability } from '@mozilla/readability';
import { JSDOM } from 'jsdom';
import TurndownService from 'turndown';
import { type ConvertRequest, convertHtml } from '@wh/scraping/core';
import { buildPipelinePage } from './pipeline-page';

/** CPU per page of {@link convertHtml} against jsdom + Readability + turndown used the obvious way. */
export interface PipelineBenchResult {
  medianCpuMs: number;
  p95CpuMs: number;
  naiveMedianCpuMs: number;
  markdownChars: number;
  naiveMarkdownChars: number;
}

const PAGE_URL = 'https://media.example.com/blog/keeping-a-scraping-pipeline-cheap';
const WARMUP_PAGES = 30;

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

/** The whole page into jsdom, Readability on it, its HTML string into turndown. */
function naiveMarkdown(html: string, turndown: TurndownService): string {
  const dom = new JSDOM(html, { url: PAGE_URL });
  try {
    const article = new Readability(dom.window.document).parse();
    return turndown.turndown(article?.content ?? '');
  } finally {
    dom.window.close();
  }
}

/**
 * CPU milliseconds of one run, including whatever it left queued (jsdom fires its load events asynchronously),
 * which a worker serving pages one after another pays as well.
 */
async function cpuMs(run: () => void): Promise<number> {
  const start = process.cpuUsage();
  run();
  await new Promise((resolve) => setImmediate(resolve));
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * Converts the generated ~75 KB page `iterations` times with each pipeline, interleaved so both see the same
 * machine noise, after a warm-up that lets the JIT and the shared jsdom window settle.
 */
export async function benchPipeline(iterations: number): Promise<PipelineBenchResult> {
  const html = buildPipelinePage();
  const request: ConvertRequest = {
    html,
    url: PAGE_URL,
    formats: ['markdown'],
    onlyMainContent: true,
    includeTags: [],
    excludeTags: [],
    removeBase64Images: true,
  };
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
  let markdownChars = 0;
  let naiveMarkdownChars = 0;
  const ours = (): void => {
    markdownChars = convertHtml(request).markdown?.length ?? 0;
  };
  const naive = (): void => {
    naiveMarkdownChars = naiveMarkdown(html, turndown).length;
  };

  for (let i = 0; i < WARMUP_PAGES; i += 1) {
    await cpuMs(ours);
    await cpuMs(naive);
  }
  const oursMs: number[] = [];
  const naiveMs: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    oursMs.push(await cpuMs(ours));
    naiveMs.push(await cpuMs(naive));
  }
  oursMs.sort((a, b) => a - b);
  naiveMs.sort((a, b) => a - b);
  return {
    medianCpuMs: percentile(oursMs, 0.5),
    p95CpuMs: percentile(oursMs, 0.95),
    naiveMedianCpuMs: percentile(naiveMs, 0.5),
    markdownChars,
    naiveMarkdownChars,
  };
}

if (require.main === module) {
  const iterations = Number(process.argv[2] ?? 200);
  benchPipeline(iterations).then(
    (result) => {
      process.stdout.write(
        `page ${buildPipelinePage().length} chars, ${iterations} iterations\n` +
          `ours:  median ${result.medianCpuMs.toFixed(2)} ms CPU, p95 ${result.p95CpuMs.toFixed(2)} ms, ` +
          `markdown ${result.markdownChars} chars\n` +
          `naive: median ${result.naiveMedianCpuMs.toFixed(2)} ms CPU, markdown ${result.naiveMarkdownChars} chars\n`,
      );
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
