import { parentPort, workerData } from 'node:worker_threads';
import { Readability } from '@mozilla/readability';
import { JSDOM } from 'jsdom';
import TurndownService from 'turndown';
import { convertHtml, extractMainContent, parseDocument, releaseDocument } from '@wh/scraping/core';
import { buildPipelinePage } from './pipeline-page';

/** Which pipeline a bench thread runs. */
export type PipelineName = 'ours' | 'naive' | 'readability-floor';

/** What a bench thread answers for each page it converted. */
export interface PipelineRun {
  cpuMs: number;
  /** Characters of the output: markdown, or the article's HTML for the floor. */
  outputChars: number;
}

const PIPELINE_PAGE_URL = 'https://media.example.com/blog/keeping-a-scraping-pipeline-cheap';

const html = buildPipelinePage();
const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });

/** The whole page into jsdom, Readability on it, its HTML string into turndown. */
function naiveMarkdown(): string {
  const dom = new JSDOM(html, { url: PIPELINE_PAGE_URL });
  try {
    const article = new Readability(dom.window.document).parse();
    return turndown.turndown(article?.content ?? '');
  } finally {
    dom.window.close();
  }
}

function convert(format: 'markdown' | 'html'): string {
  const request = {
    html,
    url: PIPELINE_PAGE_URL,
    formats: [format],
    onlyMainContent: true,
    includeTags: [],
    excludeTags: [],
    removeBase64Images: true,
  };
  return convertHtml(request).outputs[format] ?? '';
}

/** The page's main content alone, as our pipeline finds it: all any jsdom + Readability pipeline must read. */
const article = convert('html');

/**
 * jsdom + Readability on nothing but the article, parsed the cheap way our pipeline parses: a floor under every
 * pipeline built from the two, whatever it strips first and whatever it does after.
 */
function readabilityFloor(): string {
  const document = parseDocument(article);
  try {
    return extractMainContent(document)?.innerHTML ?? '';
  } finally {
    releaseDocument(document);
  }
}

const PIPELINES: Record<PipelineName, () => string> = {
  ours: () => convert('markdown'),
  naive: naiveMarkdown,
  'readability-floor': readabilityFloor,
};

/**
 * CPU milliseconds of one page, including whatever it left queued (jsdom fires its load events asynchronously),
 * which a worker serving pages one after another pays as well. The process's CPU is this thread's alone while the
 * bench waits for it.
 */
async function convertOnce(pipeline: PipelineName): Promise<PipelineRun> {
  const start = process.cpuUsage();
  const output = PIPELINES[pipeline]();
  await new Promise((resolve) => setImmediate(resolve));
  const used = process.cpuUsage(start);
  return { cpuMs: (used.user + used.system) / 1000, outputChars: output.length };
}

if (parentPort) {
  const port = parentPort;
  const pipeline = workerData as PipelineName;
  port.on('message', () => {
    void convertOnce(pipeline).then((run) => port.postMessage(run));
  });
}
