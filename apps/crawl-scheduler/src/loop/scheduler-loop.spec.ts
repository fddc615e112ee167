import type { Logger } from '@wh/platform/logging';
import type { CrawlSchedulerConfig } from '../crawl-scheduler.config';
import type { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import { NewWorkSignal } from '../dispatch/new-work-signal';
import type { PageDispatcher } from '../dispatch/page-dispatcher';
import type { SeedNextCrawl } from '../frontier/seed-next-crawl';
import type { WebhookHousekeeping } from '../webhooks/webhook-housekeeping';
import { SchedulerLoop } from './scheduler-loop';

const INTERVAL_MS = 250;
const IDLE_INTERVAL_MS = 2_000;

/** A loop over stand-ins for its stages, with `inProgress` saying whether a job is running. */
function loopWith(inProgress: { value: boolean }) {
  const dispatcher = {
    republishRecent: jest.fn(async () => 0),
    dispatch: jest.fn(async () => 0),
    dispatchDue: jest.fn(async () => 0),
    requeueStale: jest.fn(async () => 0),
  };
  const webhooks = { queueLost: jest.fn(async () => undefined), forgetOld: jest.fn(async () => undefined) };
  const jobs = { deleteExpired: jest.fn(async () => 0), anyInProgress: jest.fn(async () => inProgress.value) };
  const newWork = new NewWorkSignal();
  const loop = new SchedulerLoop(
    { execute: jest.fn(async () => undefined) } as unknown as SeedNextCrawl,
    dispatcher as unknown as PageDispatcher,
    webhooks as unknown as WebhookHousekeeping,
    jobs as unknown as CrawlJobsRepository,
    newWork,
    {
      DISPATCH_INTERVAL_MS: INTERVAL_MS,
      IDLE_DISPATCH_INTERVAL_MS: IDLE_INTERVAL_MS,
      STALE_DISPATCH_MS: 600_000,
    } as CrawlSchedulerConfig,
    { info: jest.fn(), error: jest.fn() } as unknown as Logger,
  );
  return { loop, dispatcher, webhooks, jobs, newWork };
}

describe('SchedulerLoop', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('passes every interval while a job is in progress, and looks for lost dispatches and webhooks once a second', async () => {
    const { loop, dispatcher, webhooks, jobs } = loopWith({ value: true });

    loop.onApplicationBootstrap();
    // Each pass runs to its end (all its awaits) before the next one is due.
    for (let pass = 0; pass < 8; pass += 1) await jest.advanceTimersByTimeAsync(INTERVAL_MS);
    await loop.onApplicationShutdown();

    expect(dispatcher.dispatchDue).toHaveBeenCalledTimes(8);
    expect(dispatcher.requeueStale).toHaveBeenCalledTimes(2);
    expect(webhooks.queueLost).toHaveBeenCalledTimes(2);
    // A job seen in progress is not asked about again within the second.
    expect(jobs.anyInProgress).toHaveBeenCalledTimes(2);
  });

  it('waits twice as long after each pass that finds no job in progress, up to the idle interval', async () => {
    const inProgress = { value: false };
    const { loop, dispatcher } = loopWith(inProgress);
    const passesAt: number[] = [];
    const started = Date.now();
    dispatcher.dispatchDue.mockImplementation(async () => {
      passesAt.push(Date.now() - started);
      return 0;
    });

    loop.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(10_000);

    // 250, then waits of 500, 1000 and 2000 ms, then 2000 ms each.
    expect(passesAt.slice(0, 7)).toEqual([250, 750, 1_750, 3_750, 5_750, 7_750, 9_750]);
    expect(dispatcher.requeueStale).not.toHaveBeenCalled();

    // A job starts (created on another replica): the next pass sees it and the short wait is back.
    inProgress.value = true;
    passesAt.length = 0;
    await jest.advanceTimersByTimeAsync(3_000);
    await loop.onApplicationShutdown();
    expect(passesAt[1] - passesAt[0]).toBe(INTERVAL_MS);
  });

  it('passes at once when a job is created on this replica, however long it was idle', async () => {
    const { loop, dispatcher, newWork } = loopWith({ value: false });
    loop.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(8_000);
    const passesBefore = dispatcher.dispatchDue.mock.calls.length;

    newWork.signal();
    await jest.advanceTimersByTimeAsync(1);
    await loop.onApplicationShutdown();

    expect(dispatcher.dispatchDue).toHaveBeenCalledTimes(passesBefore + 1);
  });
});
