import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readability } from '@mozilla/readability';
import { JSDOM } from 'jsdom';
import TurndownService from 'turndown';
import { convertHtml } from '@wh/scraping/core';
import { callApi, provideInfrastructure, startStack } from '@wh/testing';
import type { QualityDataset } from './dataset';
import { scoredConversion } from './scored-conversion';

/** Markdown of one page and the milliseconds it took. */
export interface Extraction {
  markdown: string;
  ms: number;
}

/** Turns the dataset page `id` (fetched from `url`) into markdown. */
export type Extractor = (id: string, url: string) => Promise<Extraction>;

/** A way of extracting pages, and what it holds open until the run ends. */
export interface ExtractionMode {
  extract: Extractor;
  close(): Promise<void>;
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** The scrape-worker's conversion as /v2/scrape runs it by default: markdown of the main content, CPU time. */
export function inProcessMode(dataset: QualityDataset): ExtractionMode {
  return {
    extract: async (id, url) => {
      const html = dataset.html(id);
      const start = process.cpuUsage();
      const { markdown } = convertHtml(scoredConversion(html, url)).outputs;
      return { markdown: markdown ?? '', ms: cpuMs(start) };
    },
    close: async () => undefined,
  };
}

/**
 * The obvious pipeline, for a time per page measured in the same run: the whole page into jsdom, Readability,
 * turndown. Pages whose stylesheet makes jsdom throw come back empty.
 */
export function readabilityReferenceMode(dataset: QualityDataset): ExtractionMode {
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
  return {
    extract: async (id, url) => {
      const html = dataset.html(id);
      const start = process.cpuUsage();
      let markdown = '';
      try {
        const dom = new JSDOM(html, { url });
        const article = new Readability(dom.window.document).parse();
        markdown = turndown.turndown(article?.content ?? '');
        dom.window.close();
      } catch {
        markdown = '';
      }
      // jsdom finishes loading asynchronously; a worker converting pages one after another pays for that too.
      await new Promise((resolve) => setImmediate(resolve));
      return { markdown, ms: cpuMs(start) };
    },
    close: async () => undefined,
  };
}

async function servePages(dataset: QualityDataset): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const id = /^\/page\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    try {
      if (!id) throw new Error('no such page');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(dataset.html(id));
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * End to end: the pages are served on loopback and each is scraped through a gateway, scrape-worker and
 * billing-service started for the run; the time is the request's wall clock.
 */
export async function apiMode(dataset: QualityDataset): Promise<ExtractionMode> {
  const infrastructure = await provideInfrastructure();
  const { server, origin } = await servePages(dataset);
  const stack = await startStack(infrastructure, {
    services: ['api-gateway', 'scrape-worker', 'billing-service'],
    env: { LOG_LEVEL: 'warn' },
    label: 'bench-quality',
  });
  return {
    extract: async (id) => {
      const start = performance.now();
      const response = await callApi(stack, 'POST', '/v2/scrape', {
        url: `${origin}/page/${id}`,
        formats: ['markdown'],
        onlyMainContent: true,
        maxAge: 0,
      });
      const ms = performance.now() - start;
      if (response.status !== 200) throw new Error(`HTTP ${response.status} ${JSON.stringify(response.body.error)}`);
      const data = response.body.data as { markdown?: string } | undefined;
      return { markdown: data?.markdown ?? '', ms };
    },
    close: async () => {
      await stack.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await infrastructure.stop();
    },
  };
}
