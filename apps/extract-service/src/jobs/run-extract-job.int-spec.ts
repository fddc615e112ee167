import { randomUUID } from 'node:crypto';
import { Consumers, Subjects, type UsageRecordedEvent } from '@wh/contracts';
import { OpenAiCompatibleProvider } from '@wh/llm';
import { createLogger } from '@wh/platform/logging';
import { NatsRequester } from '@wh/platform/messaging';
import { ScrapeClient } from '@wh/scrape-client';
import {
  eventually,
  type FakeLlm,
  resolvedScrapeOptions,
  startFakeLlm,
  testDatabase,
  testNats,
  withFastRedelivery,
} from '@wh/testing';
import { AnswerCache } from '../cache/answer-cache';
import type { ExtractDatabase, ExtractJobRequest } from '../database/extract-database';
import { ExtractJobBiller } from './extract-job-biller';
import { ExtractJobsRepository } from './extract-jobs.repository';
import { JobExtractor } from './job-extractor';
import { JobPageReader } from './job-page-reader';
import { RunExtractJob } from './run-extract-job';
import { TargetResolver } from './target-resolver';
import { WebSearchService } from '../search/web-search.service';

// The extract-service-jobs consumer on a real JetStream and Postgres with the fake model. Each job here stands where
// a killed process left it (pages already read, or completed but not billed): the command delivered again must
// carry it on from there, once. Reading pages through the scrape-workers is the e2e suite's.

const SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string' }, price: { type: 'number' } },
  required: ['name'],
};
const KETTLE = '# Heron Kettle\n\nA kettle that boils a litre of water in three minutes. Price: €89.50.';
const WEIR = '# The weir\n\nThe old weir on the Wend was rebuilt in 2024.';

describe('RunExtractJob behind the extract-service-jobs consumer', () => {
  const database = testDatabase<ExtractDatabase>();
  const nats = testNats();
  let llm: FakeLlm;
  let jobs: ExtractJobsRepository;
  const charges: UsageRecordedEvent[] = [];

  beforeAll(async () => {
    llm = await startFakeLlm();
    jobs = new ExtractJobsRepository(database.db);
    const silent = createLogger('integration-test', 'silent');
    const provider = new OpenAiCompatibleProvider({
      baseUrl: llm.baseUrl,
      model: 'fake-model',
      timeoutMs: 5_000,
      maxConcurrency: 2,
      backoff: { baseDelayMs: 5, maxDelayMs: 10 },
    });
    const noCache = { find: async () => undefined, storeMany: async () => undefined };
    const extractor = new JobExtractor(provider, new AnswerCache(noCache, 0, silent), {
      contextTokens: 8_192,
      maxOutputTokens: 512,
      maxChunks: 4,
    });
    const runJob = new RunExtractJob(
      jobs,
      new TargetResolver(new NatsRequester(nats.client), new WebSearchService(null)),
      new JobPageReader(new ScrapeClient(nats.client, nats.publisher), jobs),
      extractor,
      new ExtractJobBiller(nats.publisher, jobs),
      silent,
    );
    await nats.consume({
      definition: Consumers.billingUsage,
      handler: async (event) => {
        charges.push(event);
      },
    });
    await nats.consume({
      definition: withFastRedelivery(Consumers.extractServiceJobs),
      handler: (command, context) => runJob.execute(command, context),
    });
  });
  afterAll(async () => {
    await llm?.close();
  });

  const request = (overrides: Partial<ExtractJobRequest> = {}): ExtractJobRequest => ({
    urls: ['https://shop.test/kettle', 'https://river.test/weir'],
    prompt: 'the kettle and its price',
    schema: SCHEMA,
    showSources: true,
    enableWebSearch: false,
    scrapeOptions: resolvedScrapeOptions(),
    ...overrides,
  });

  /** A job as a killed process left it: its page list settled and its pages read. */
  async function jobWithPages(pages: Array<{ url: string; markdown?: string; error?: string }>) {
    const teamId = randomUUID();
    const { id } = await jobs.create({
      id: randomUUID(),
      teamId,
      apiKeyId: randomUUID(),
      request: request({ urls: pages.map((page) => page.url) }),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await jobs.settleTargets(
      id,
      pages.map((page) => page.url),
    );
    for (const [position, page] of pages.entries()) await jobs.savePage(id, { position, ...page });
    return { id, teamId };
  }

  const deliver = (job: { id: string; teamId: string }, attempt: string) =>
    nats.publisher.publish(
      Subjects.extractJobRun,
      { teamId: job.teamId, jobId: job.id },
      { msgId: `${job.id}:${attempt}` },
    );

  const chargesOf = (jobId: string) => charges.filter((charge) => charge.jobId === jobId);

  it('resumes a job whose pages were read, answers from both in one call, completes it and bills it once', async () => {
    llm.script({ kind: 'json', value: { name: 'Heron Kettle', price: 89.5 } });
    const job = await jobWithPages([
      { url: 'https://shop.test/kettle', markdown: KETTLE },
      { url: 'https://river.test/weir', markdown: WEIR },
    ]);
    const from = llm.requests.length;

    await deliver(job, 'first');
    await eventually(async () => expect((await jobs.find(job.teamId, job.id))?.billed_at).not.toBeNull());
    await deliver(job, 'again');
    await eventually(async () => expect(llm.requests.length).toBe(from + 1));

    const done = await jobs.find(job.teamId, job.id);
    expect(done).toMatchObject({
      status: 'completed',
      data: { name: 'Heron Kettle', price: 89.5 },
      sources: { name: ['https://shop.test/kettle', 'https://river.test/weir'] },
    });
    expect(done?.tokens_used).toBeGreaterThan(0);
    expect(done?.credits_used).toBe(Math.ceil((done?.tokens_used ?? 0) / 15));
    expect(await jobs.pages(job.id)).toEqual([]);
    expect(llm.promptOf(from)).toContain(KETTLE);
    expect(llm.promptOf(from)).toContain(WEIR);
    await eventually(() => expect(chargesOf(job.id)).toHaveLength(1));
    expect(chargesOf(job.id)[0]).toMatchObject({
      eventId: `extract:${job.id}`,
      teamId: job.teamId,
      kind: 'extract',
      apiKeyId: done?.api_key_id,
      credits: done?.credits_used,
      tokens: done?.tokens_used,
    });
  });

  it('bills a job that completed but whose charge was never sent, when its command comes again', async () => {
    const job = await jobWithPages([{ url: 'https://shop.test/kettle', markdown: KETTLE }]);
    expect(await jobs.complete(job.id, { data: { name: 'Heron Kettle' }, tokensUsed: 300, creditsUsed: 20 })).toBe(
      true,
    );
    const from = llm.requests.length;

    await deliver(job, 'after-crash');

    await eventually(() => expect(chargesOf(job.id)).toHaveLength(1));
    expect(chargesOf(job.id)[0]).toMatchObject({ credits: 20, tokens: 300 });
    await eventually(async () => expect((await jobs.find(job.teamId, job.id))?.billed_at).not.toBeNull());
    expect(llm.requests.length).toBe(from);
  });

  it('fails a job whose answers never fit the schema, without retrying it and without a charge', async () => {
    llm.script({ kind: 'json', value: { price: 'cheap' } }, { kind: 'json', value: { price: 'still cheap' } });
    const job = await jobWithPages([{ url: 'https://shop.test/kettle', markdown: KETTLE }]);
    const from = llm.requests.length;

    await deliver(job, 'first');

    await eventually(async () => expect((await jobs.find(job.teamId, job.id))?.status).toBe('failed'));
    expect((await jobs.find(job.teamId, job.id))?.error).toMatch(/did not fit after a repair round/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(llm.requests.length).toBe(from + 2);
    expect(chargesOf(job.id)).toEqual([]);
  });

  it('fails a job none of whose pages could be read, naming them, and reads around a failed page otherwise', async () => {
    const unreadable = await jobWithPages([
      { url: 'https://shop.test/gone', error: 'the page answered HTTP 404' },
      { url: 'https://shop.test/refused', error: 'SCRAPE_TARGET_FORBIDDEN: private address' },
    ]);
    await deliver(unreadable, 'first');
    await eventually(async () => expect((await jobs.find(unreadable.teamId, unreadable.id))?.status).toBe('failed'));
    expect((await jobs.find(unreadable.teamId, unreadable.id))?.error).toBe(
      'no page could be read: https://shop.test/gone (the page answered HTTP 404), https://shop.test/refused (SCRAPE_TARGET_FORBIDDEN: private address)',
    );

    llm.script({ kind: 'json', value: { name: 'Heron Kettle', price: null } });
    const partly = await jobWithPages([
      { url: 'https://shop.test/gone', error: 'the page answered HTTP 404' },
      { url: 'https://shop.test/kettle', markdown: KETTLE },
    ]);
    await deliver(partly, 'first');
    await eventually(async () => expect((await jobs.find(partly.teamId, partly.id))?.status).toBe('completed'));
    const done = await jobs.find(partly.teamId, partly.id);
    expect(done?.data).toEqual({ name: 'Heron Kettle' });
    expect(done?.warning).toBe('1 of 2 pages could not be read: https://shop.test/gone (the page answered HTTP 404)');
  });

  describe('the repository', () => {
    it('moves a job on only from the state it expects, keeps its first page list and page, and hides it from other teams', async () => {
      const job = await jobWithPages([{ url: 'https://shop.test/kettle', markdown: KETTLE }]);
      expect(await jobs.settleTargets(job.id, ['https://elsewhere.test/'])).toEqual(['https://shop.test/kettle']);
      await jobs.savePage(job.id, { position: 0, url: 'https://shop.test/kettle', markdown: 'another reading' });
      expect((await jobs.pages(job.id)).map((page) => page.markdown)).toEqual([KETTLE]);

      expect(await jobs.complete(job.id, { data: { name: 'A' }, tokensUsed: 15, creditsUsed: 1 })).toBe(true);
      expect(await jobs.complete(job.id, { data: { name: 'B' }, tokensUsed: 30, creditsUsed: 2 })).toBe(false);
      expect(await jobs.fail(job.id, 'late failure', 0)).toBe(false);
      expect(await jobs.find(job.teamId, job.id)).toMatchObject({ status: 'completed', data: { name: 'A' } });
      expect(await jobs.find(randomUUID(), job.id)).toBeUndefined();
    });

    it('forgets expired jobs and their pages, and only those', async () => {
      const expired = await jobWithPages([{ url: 'https://shop.test/kettle', markdown: KETTLE }]);
      const kept = await jobWithPages([{ url: 'https://shop.test/kettle', markdown: KETTLE }]);
      await database.db
        .updateTable('extract_jobs')
        .set({ expires_at: new Date(Date.now() - 1_000) })
        .where('id', '=', expired.id)
        .execute();
      expect(await jobs.deleteExpired(new Date())).toBeGreaterThanOrEqual(1);
      expect(await jobs.find(expired.teamId, expired.id)).toBeUndefined();
      expect(await jobs.pages(expired.id)).toEqual([]);
      expect(await jobs.find(kept.teamId, kept.id)).toBeDefined();
    });

    it('answers a reused idempotency key with the first job, unchanged', async () => {
      const teamId = randomUUID();
      const first = await jobs.create({
        id: randomUUID(),
        teamId,
        idempotencyKey: 'nightly',
        request: request(),
        expiresAt: new Date(Date.now() + 60_000),
      });
      const second = await jobs.create({
        id: randomUUID(),
        teamId,
        idempotencyKey: 'nightly',
        request: request({ prompt: 'another' }),
        expiresAt: new Date(Date.now() + 60_000),
      });
      expect(first.created).toBe(true);
      expect(second).toEqual({ id: first.id, created: false });
      expect((await jobs.find(teamId, first.id))?.request.prompt).toBe('the kettle and its price');
    });
  });
});
