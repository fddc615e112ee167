import { availableParallelism } from 'node:os';
import path from 'node:path';
import Piscina from 'piscina';
import { request } from 'undici';
import { type ConvertedOutputs, type ConvertRequest, conversionThreadOptions } from '@wh/scraping/core';

export interface CrawlRun {
  pages: number;
  seconds: number;
  pagesPerSecond: number;
}

/** What converts pages in an in-process crawl. */
export type InProcessPipeline = 'platform' | 'naive';

function conversionPool(
  pipeline: InProcessPipeline,
): Piscina<ConvertRequest, { outputs: Pick<ConvertedOutputs, 'links'> }> {
  if (pipeline === 'naive') {
    // Two plain threads with piscina's defaults, as a single-process service would run the naive pipeline.
    return new Piscina({ filename: path.join(__dirname, 'naive-convert.worker.js'), maxThreads: 2 });
  }
  return new Piscina({
    filename: path.join(__dirname, '..', 'convert.worker.js'),
    maxThreads: availableParallelism(),
    // Set up as the scrape-worker's pool, so the floor's conversion costs what the worker's does.
    ...conversionThreadOptions(),
  });
}

/**
 * A breadth-first crawl in one process with no queue, database or broker: `concurrency` fetches in flight and
 * conversion on a thread pool. With the `platform` pipeline (the scrape-worker's conversion, one thread per core) it
 * is the floor; with `naive` it is jsdom + Readability + turndown on two threads, the baseline of issue 21.
 */
export async function crawlInProcess(
  start: string,
  include: RegExp,
  limit: number,
  concurrency: number,
  pipeline: InProcessPipeline = 'platform',
): Promise<CrawlRun> {
  const pool = conversionPool(pipeline);
  const seen = new Set<string>([start]);
  const queue = [start];
  let done = 0;
  const began = performance.now();
  const lane = async (): Promise<void> => {
    for (;;) {
      const url = queue.shift();
      if (!url) {
        if (done >= seen.size) return;
        await new Promise((resolve) => setTimeout(resolve, 1));
        continue;
      }
      const response = await request(url);
      const html = await response.body.text();
      const result = await pool.run({
        html,
        url,
        formats: ['markdown', 'links'],
        onlyMainContent: true,
        includeTags: [],
        excludeTags: [],
        removeBase64Images: true,
      });
      for (const link of result.outputs.links ?? []) {
        if (seen.size >= limit || seen.has(link) || !include.test(new URL(link).pathname)) continue;
        seen.add(link);
        queue.push(link);
      }
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, () => lane()));
  const seconds = (performance.now() - began) / 1000;
  await pool.destroy();
  return { pages: done, seconds, pagesPerSecond: done / seconds };
}
