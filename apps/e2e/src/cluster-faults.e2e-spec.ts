import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'nats';
import { Client } from 'pg';
import puppeteer from 'puppeteer-core';
import { Consumers, Streams } from '@wh/contracts';
import { descendantsOf } from '@wh/platform/chromium';
import {
  callApi,
  type CrawlSite,
  eventually,
  type NatsCluster,
  type RunningStack,
  type ServiceName,
  stopProcess,
} from '@wh/testing';
import { admin, teamOnPlan } from './support/billing-admin';
import { createSession } from './support/browser-sessions';
import { chromiumChildrenOf } from './support/chromium-processes';
import { startOwnCrawlSite, waitForJob } from './support/crawl-helpers';
import { type ReplicatedStack, startReplicatedStack } from './support/replicated-stack';

const PAGES = 30;
/**
 * Slow pages, two at a time: the crawl (about 50 s) outlasts most of the ten restarts of the rolling one. At 1.5 s a
 * page (30 s) a loaded machine's slower boots let it end before the sixth restart.
 */
const ROLLING_PAGES = 40;
const ROLLING_PAGE_DELAY_MS = 2_500;
/** The crawl's own path first, so the restarts that matter most land while it runs. */
const ROLLING_ORDER: ServiceName[] = [
  'api-gateway',
  'crawl-scheduler',
  'scrape-worker',
  'billing-service',
  'browser-session-manager',
];
const CREDITS = 1_000;
/** A charge whose ack was lost with the node is redelivered one ack wait later. */
const BILLING_CATCH_UP_MS = Consumers.crawlSchedulerResults.ackWaitMs + 20_000;

/** Whether a process runs (a zombie, reaped by nobody yet, counts as gone). */
function running(pid: number): boolean {
  try {
    return !/^\S+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Faults a Kubernetes install with replicas meets: a NATS node lost in the middle of a crawl (streams and buckets at
 * replication 3, so the other two carry on), and a browser-session-manager pod killed outright, whose browsers must
 * not outlive it. Two processes of each service on a three-node cluster, as in replicas.e2e-spec.ts.
 */
describe('faults on a three-node NATS cluster with two replicas of each service', () => {
  let replicated: ReplicatedStack;
  let cluster: NatsCluster;
  let stack: RunningStack;
  let site: CrawlSite;

  beforeAll(async () => {
    // One warm browser on each manager: the killed one surely has a Chromium of its own. Four slots a worker, far
    // fewer than the crawl's pages: most of them are pulled, and dispatched as the next pages of kept results, after
    // the NATS node's death (with 16 every page was already out before it, and two stalls went unseen).
    replicated = await startReplicatedStack('cluster-faults', {
      BROWSER_WARM_POOL_SIZE: '1',
      SCRAPE_CONCURRENCY: '4',
    });
    ({ cluster, stack } = replicated);
    site = await startOwnCrawlSite({ bulkPages: PAGES, bulkPageDelayMs: 150 });
  }, 240_000);

  afterAll(async () => {
    await replicated?.stop();
    await site?.close();
  }, 60_000);

  /**
   * Moves leaderships until one node leads both the scrape-jobs and the billing-usage streams, and names it. Losing it
   * mid-crawl forces an election of the work queue, and makes the scheduler's charge publishes fail for a while
   * after it kept results and claimed the next pages: those pages must still go out.
   */
  async function oneLeaderOfJobsAndUsage(): Promise<string> {
    const connection = await connect({ servers: cluster.url.split(',') });
    try {
      const manager = await connection.jetstreamManager();
      const leaderOf = async (stream: string): Promise<string> => {
        const info = await manager.streams.info(`${stack.namespace.toUpperCase()}_${stream}`);
        expect(info.config.num_replicas).toBe(3);
        return info.cluster?.leader ?? '';
      };
      for (let attempt = 0; attempt < 20; attempt++) {
        const jobsLeader = await leaderOf(Streams.scrapeJobs.name);
        const usageLeader = await leaderOf(Streams.billingUsage.name);
        if (jobsLeader && jobsLeader === usageLeader) return jobsLeader;
        if (usageLeader) {
          const usageStream = `${stack.namespace.toUpperCase()}_${Streams.billingUsage.name}`;
          await connection.request(`$JS.API.STREAM.LEADER.STEPDOWN.${usageStream}`, undefined, { timeout: 5_000 });
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      throw new Error('no node came to lead both the scrape-jobs and billing-usage streams');
    } finally {
      await connection.close();
    }
  }

  it('completes a crawl across a kill -9 of the NATS node leading its stream: every page kept and billed once', async () => {
    const leaderName = await oneLeaderOfJobsAndUsage();
    const team = await teamOnPlan(stack, 'nats-node-kill', ['--credits', String(CREDITS)]);
    const caller = { baseUrl: stack.baseUrl, apiKey: team.apiKey };
    const started = await callApi(caller, 'POST', '/v2/crawl', {
      url: `${site.origin}/bulk/0`,
      crawlEntireDomain: true,
      includePaths: ['^/bulk/'],
      sitemap: 'skip',
      scrapeOptions: { maxAge: 0 },
    });
    expect(started.status).toBe(200);
    const id = started.body.id as string;
    await eventually(
      async () => {
        const status = await callApi(caller, 'GET', `/v2/crawl/${id}?limit=1`);
        expect(status.body.completed as number).toBeGreaterThanOrEqual(4);
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    const node = cluster.nodes.find((candidate) => candidate.name === leaderName);
    if (!node) throw new Error(`no node named ${leaderName}`);
    // The kill must land mid-crawl, or the test proves nothing about it.
    expect((await callApi(caller, 'GET', `/v2/crawl/${id}?limit=1`)).body.completed as number).toBeLessThan(PAGES);
    await node.kill('SIGKILL');

    const finished = await waitForJob(caller, `/v2/crawl/${id}`, 150_000);
    expect(finished.status).toBe('completed');
    const kept = finished.data.map((page) => page.metadata.sourceURL);
    expect(kept).toHaveLength(PAGES);
    expect(new Set(kept).size).toBe(PAGES);
    expect(finished.creditsUsed).toBe(PAGES);
    // Delivery is at least once: a page whose acknowledgement the dead node took with it comes back and is fetched
    // again, and so is one whose result could not be published while the streams elected new leaders (the job is
    // nak'ed and retried); it is kept and billed once all the same, and fetched no more often than the consumer
    // delivers a job.
    const fetched = site.pathsFetched().filter((fetchedPath) => fetchedPath.startsWith('/bulk/'));
    const fetchesOf = new Map<string, number>();
    for (const fetchedPath of fetched) fetchesOf.set(fetchedPath, (fetchesOf.get(fetchedPath) ?? 0) + 1);
    expect(fetchesOf.size).toBe(PAGES);
    expect(Math.max(...fetchesOf.values())).toBeLessThanOrEqual(Consumers.scrapeWorkerJobs.maxDeliver);

    await eventually(
      async () => {
        const usage = await callApi(caller, 'GET', '/v2/team/credit-usage');
        expect((usage.body.data as { remainingCredits: number }).remainingCredits).toBe(CREDITS - PAGES);
      },
      { timeoutMs: BILLING_CATCH_UP_MS, intervalMs: 250 },
    );
    const db = new Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ charges: string; credits: string }>(
        "select count(*) as charges, coalesce(sum(credits), 0) as credits from credit_ledger where job_id = $1 and entry = 'charge'",
        [id],
      );
      expect(rows[0]).toEqual({ charges: String(PAGES), credits: String(PAGES) });
    } finally {
      await db.end();
    }
    expect(await admin(stack, ['reconcile'])).toContain('no drift');
    await node.start();
  }, 300_000);

  /** Whether a process has not exited yet. */
  const alive = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null;

  it('completes a crawl while every service restarts one replica at a time; a browser session survives or ends with a reason', async () => {
    const slowSite = await startOwnCrawlSite({ bulkPages: ROLLING_PAGES, bulkPageDelayMs: ROLLING_PAGE_DELAY_MS });
    try {
      const session = await createSession(stack, { streamWebView: false });
      const started = await callApi(stack, 'POST', '/v2/crawl', {
        url: `${slowSite.origin}/bulk/0`,
        crawlEntireDomain: true,
        includePaths: ['^/bulk/'],
        sitemap: 'skip',
        maxConcurrency: 2,
        scrapeOptions: { maxAge: 0 },
      });
      expect(started.status).toBe(200);
      const id = started.body.id as string;

      // As `kubectl rollout restart` does with maxUnavailable 1: stop one pod gracefully, wait for its successor.
      let restartsMidCrawl = 0;
      for (const service of ROLLING_ORDER) {
        const urls = stack.replicaUrls[service] ?? [];
        const replicas = stack.processesOf(service).map((child, index) => ({ child, url: urls[index] ?? '' }));
        for (const { child, url } of replicas.filter((replica) => alive(replica.child))) {
          await stopProcess(child);
          await stack.startService(service, { port: Number(new URL(url).port) });
          const progress = await callApi(stack, 'GET', `/v2/crawl/${id}?limit=1`);
          if (progress.body.status === 'scraping') restartsMidCrawl += 1;
        }
      }
      // The gateways', schedulers' and workers' restarts at least land while the crawl is still going.
      expect(restartsMidCrawl).toBeGreaterThanOrEqual(6);

      const finished = await waitForJob(stack, `/v2/crawl/${id}`, 120_000);
      expect(finished.status).toBe('completed');
      const kept = finished.data.map((page) => page.metadata.sourceURL);
      expect(kept).toHaveLength(ROLLING_PAGES);
      expect(new Set(kept).size).toBe(ROLLING_PAGES);
      expect(finished.creditsUsed).toBe(ROLLING_PAGES);

      await eventually(
        async () => {
          const view = await callApi(stack, 'GET', `/v2/browser/${session.id}`);
          expect(view.status).toBe(200);
          if (view.body.status === 'destroyed') {
            expect(typeof view.body.endReason).toBe('string');
            return;
          }
          const browser = await puppeteer.connect({ browserWSEndpoint: session.cdpUrl, protocolTimeout: 5_000 });
          try {
            expect(await browser.version()).toMatch(/Chrom/);
          } finally {
            await browser.disconnect();
          }
        },
        { timeoutMs: 30_000, intervalMs: 500 },
      );
    } finally {
      await slowSite.close();
    }
  }, 300_000);

  it('leaves no Chromium of a browser-session-manager killed with -9 running', async () => {
    const session = await createSession(stack, { streamWebView: false });
    const db = new Client({ connectionString: stack.databaseUrl });
    await db.connect();
    let endpoint: string;
    try {
      const { rows } = await db.query<{ endpoint: string }>(
        'select r.endpoint from browser_sessions s join browser_replicas r on r.id = s.replica_id where s.id = $1',
        [session.id],
      );
      endpoint = rows[0]?.endpoint ?? '';
    } finally {
      await db.end();
    }
    const urls = stack.replicaUrls['browser-session-manager'] ?? [];
    const managers = stack.processesOf('browser-session-manager').filter(alive);
    const manager = stack
      .processesOf('browser-session-manager')
      .find((child, index) => alive(child) && new URL(urls[index] ?? '').port === new URL(endpoint).port);
    if (!manager?.pid) throw new Error(`no manager process at ${endpoint}`);

    // The session's browser and the warm one (refilled after the take), with their renderers, zygotes and helpers.
    const managerPid = manager.pid;
    const browsers = await eventually(
      () => {
        const found = chromiumChildrenOf(managerPid);
        expect(found.length).toBeGreaterThanOrEqual(2);
        return found;
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    const chromiums = browsers.flatMap((pid) => [pid, ...descendantsOf(pid)]);
    const exited = new Promise((resolve) => manager.once('exit', resolve));
    manager.kill('SIGKILL');
    await exited;

    await eventually(() => expect(chromiums.filter(running)).toEqual([]), { timeoutMs: 10_000, intervalMs: 100 });
    const survivor = managers.find((other) => other !== manager);
    if (!survivor?.pid) throw new Error('no surviving manager');
    expect(chromiumChildrenOf(survivor.pid).length).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
