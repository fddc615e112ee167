import { availableParallelism } from 'node:os';
import path from 'node:path';
import Piscina from 'piscina';
import { request } from 'undici';
import { type ConvertRequest, type ConvertResult, conversionThreadOptions } from '@wh/scraping/core';

export interface CrawlRun {
  pages: number;
  seconds: number;
  pagesPerSecond: number;
}

/**
 * The floor: the same fetch and conversion as the platform, in one process with no queue, database or broker —
 * a breadth-first crawl with `concurrency` fetches in flight and conversion on one thread per core.
 */
export async function crawlInProcess(
  start: string,
  include: RegExp,
  limit: number,
  concurrency: number,
): Promise<CrawlRun> {
  const pool = new Piscina<ConvertRequest, ConvertResult>({
    filename: path.join(__dirname, '..', 'convert.worker.js'),
    maxThreads: availableParallelism(),
    // Set up as the scrape-worker's pool, so the floor's conversion costs what the worker's does.
    ...conversionThreadOptions(),
  });
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
      for (const link of result.links ?? []) {
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
