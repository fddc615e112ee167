import type { ResolvedScrapeOptions, ScrapeJobCommand } from '@wh/contracts';
import { resolvedScrapeOptions } from '@wh/testing';
import { CacheHitReader } from './cache-hit-reader';
import { scrapeCacheKey } from './cache-key';
import type { CacheWindow } from './scrape-cache.repository';

const NOW = new Date('2026-11-22T10:00:00Z');
const STORED = '{"markdown": "# Cached", "metadata": {"cacheState": "hit"}}';

function job(options: Partial<ResolvedScrapeOptions> = {}, extra: Partial<ScrapeJobCommand> = {}): ScrapeJobCommand {
  return {
    jobId: '3b241101-e2bb-4255-8caf-4136c566a962',
    teamId: 'team',
    url: 'https://site.example/page',
    origin: 'direct',
    resultRoute: 'route-1',
    deadlineAt: NOW.getTime() + 30_000,
    options: resolvedScrapeOptions({ maxAge: 60_000, ...options }),
    ...extra,
  };
}

function readerRecording(): { reader: CacheHitReader; asked: { key: string; window: CacheWindow }[] } {
  const asked: { key: string; window: CacheWindow }[] = [];
  const reader = new CacheHitReader({
    findHitJson: (key, window) => {
      asked.push({ key, window });
      return Promise.resolve(STORED);
    },
  });
  return { reader, asked };
}

describe('CacheHitReader', () => {
  it('reads a waiting requester’s plain scrape from the cache, no older than maxAge', async () => {
    const { reader, asked } = readerRecording();
    const plain = job();

    expect(await reader.findJson(plain, NOW)).toBe(STORED);
    expect(asked).toEqual([
      { key: scrapeCacheKey(plain.url, plain.options), window: { newerThan: new Date(NOW.getTime() - 60_000) } },
    ]);
  });

  it('asks for a page at least minAge old when the job sets minAge', async () => {
    const { reader, asked } = readerRecording();

    await reader.findJson(job({ minAge: 5_000 }), NOW);

    expect(asked[0]?.window).toEqual({ olderThan: new Date(NOW.getTime() - 5_000) });
  });

  it.each([
    ['maxAge 0', job({ maxAge: 0 })],
    ['nobody waiting (no result route)', job({}, { resultRoute: undefined })],
    ['links for a crawl', job({}, { discoverLinks: true })],
    ['change tracking', job({ changeTracking: { modes: ['git-diff'], tag: 'default' } })],
    ['extraction', job({ extraction: { summary: true } })],
  ])('leaves a job with %s to the page scraper', async (_case, leftOut) => {
    const { reader, asked } = readerRecording();

    expect(await reader.findJson(leftOut, NOW)).toBeUndefined();
    expect(asked).toEqual([]);
  });
});
