import { resolvedCrawlOptions, resolvedScrapeOptions } from '@wh/testing';
import type { Trx } from '../database/crawl-database';
import { HiddenPages } from './hidden-pages';
import type { Job } from './job';

const TRX = {} as Trx;
const tracking = { modes: [], tag: '' };

function crawl(overrides: Partial<Job> = {}): Job {
  return {
    id: 'job-1',
    teamId: 'team-1',
    apiKeyId: null,
    kind: 'crawl',
    crawlOptions: resolvedCrawlOptions({ limit: 25 }),
    status: 'scraping',
    url: 'http://site.crawl.test/',
    scrapeOptions: { ...resolvedScrapeOptions(), changeTracking: tracking },
    webhook: null,
    maxConcurrency: 2,
    teamConcurrencyLimit: 10,
    delayMs: 0,
    zeroDataRetention: false,
    seeded: true,
    creditsUsed: 0,
    pagesAdmitted: 3,
    pages: { total: 3, completed: 0, failed: 0 },
    nextDispatchAt: new Date(0),
    expiresAt: new Date(Date.now() + 60_000),
    ...overrides,
  };
}

function setup(claimed = true) {
  const repository = { claim: jest.fn(async () => claimed), queueMissing: jest.fn(async () => 2) };
  return { repository, hidden: new HiddenPages(repository) };
}

describe('HiddenPages', () => {
  it("queues a change-tracking crawl's hidden pages once, up to its limit", async () => {
    const { repository, hidden } = setup();
    const job = crawl();
    expect(await hidden.queueWhenDone(TRX, job)).toBe(2);
    expect(repository.claim).toHaveBeenCalledWith(TRX, 'job-1');
    expect(repository.queueMissing).toHaveBeenCalledWith(TRX, job, 25);
  });

  it('queues nothing when the job already did', async () => {
    const { repository, hidden } = setup(false);
    expect(await hidden.queueWhenDone(TRX, crawl())).toBe(0);
    expect(repository.queueMissing).not.toHaveBeenCalled();
  });

  it('leaves batches and crawls without change tracking alone', async () => {
    const { repository, hidden } = setup();
    expect(await hidden.queueWhenDone(TRX, crawl({ scrapeOptions: resolvedScrapeOptions() }))).toBe(0);
    expect(await hidden.queueWhenDone(TRX, { ...crawl(), kind: 'batch' })).toBe(0);
    expect(repository.claim).not.toHaveBeenCalled();
  });
});
