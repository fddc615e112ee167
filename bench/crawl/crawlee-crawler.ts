import { CheerioCrawler, Configuration } from '@crawlee/cheerio';
import { MemoryStorage } from '@crawlee/memory-storage';
import type { CrawlRun } from './in-process-crawler';

/**
 * The peer of PLATFORM.md: a hand-built Crawlee CheerioCrawler with in-memory storage, following the same links. It
 * parses with cheerio and makes no markdown at all, so it is the speed to match, not the same work.
 */
export async function crawlWithCrawlee(
  start: string,
  include: RegExp,
  limit: number,
  concurrency: number,
): Promise<CrawlRun> {
  const config = new Configuration({
    persistStorage: false,
    storageClient: new MemoryStorage({ persistStorage: false }),
    purgeOnStart: true,
  });
  let pages = 0;
  const crawler = new CheerioCrawler(
    {
      maxConcurrency: concurrency,
      minConcurrency: concurrency,
      maxRequestsPerCrawl: limit,
      maxRequestRetries: 0,
      requestHandler: async ({ enqueueLinks }) => {
        pages += 1;
        await enqueueLinks({
          transformRequestFunction: (request) => (include.test(new URL(request.url).pathname) ? request : false),
        });
      },
    },
    config,
  );
  const began = performance.now();
  await crawler.run([start]);
  const seconds = (performance.now() - began) / 1000;
  return { pages, seconds, pagesPerSecond: pages / seconds };
}
