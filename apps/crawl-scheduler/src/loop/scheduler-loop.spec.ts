import type { Logger } from '@wh/platform/logging';
import type { CrawlSchedulerConfig } from '../crawl-scheduler.config';
import type { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import type { PageDispatcher } from '../dispatch/page-dispatcher';
import type { SeedNextCrawl } from '../frontier/seed-next-crawl';
import type { WebhookHousekeeping } from '../webhooks/webhook-housekeeping';
import { SchedulerLoop } from './scheduler-loop';

const INTERVAL_MS = 250;

describe('SchedulerLoop', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('dispatches on every pass and looks for lost dispatches and webhook publishes on every fourth', async () => {
    const dispatcher = {
      republishRecent: jest.fn(async () => 0),
      dispatch: jest.fn(async () => 0),
      dispatchDue: jest.fn(async () => undefined),
      requeueStale: jest.fn(async () => 0),
    };
    const webhooks = { queueLost: jest.fn(async () => undefined), forgetOld: jest.fn(async () => undefined) };
    const loop = new SchedulerLoop(
      { execute: jest.fn(async () => undefined) } as unknown as SeedNextCrawl,
      dispatcher as unknown as PageDispatcher,
      webhooks as unknown as WebhookHousekeeping,
      { deleteExpired: jest.fn(async () => 0) } as unknown as CrawlJobsRepository,
      { DISPATCH_INTERVAL_MS: INTERVAL_MS, STALE_DISPATCH_MS: 600_000 } as CrawlSchedulerConfig,
      { info: jest.fn(), error: jest.fn() } as unknown as Logger,
    );

    loop.onApplicationBootstrap();
    // Each pass runs to its end (all its awaits) before the next interval fires.
    for (let pass = 0; pass < 8; pass += 1) await jest.advanceTimersByTimeAsync(INTERVAL_MS);
    await loop.onApplicationShutdown();

    expect(dispatcher.dispatchDue).toHaveBeenCalledTimes(8);
    expect(dispatcher.requeueStale).toHaveBeenCalledTimes(2);
    expect(webhooks.queueLost).toHaveBeenCalledTimes(2);
  });
});
