import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import {
  callApi,
  provideChromium,
  provideInfrastructure,
  type RunningStack,
  startFixtureServer,
  startStack,
} from '@wh/testing';
import { measure, type LatencySummary } from '../scrape/latency';
import { availableMemoryBytes, chromiumPssBytes } from './process-memory';
import { writeReportSection } from '../report-section';

const WARM_POOL_SIZE = 4;
const ROUNDS = 30;
const MEMORY_SESSIONS = 6;
/** Memory left to the replica process, NATS, the OS and page spikes when counting sessions that fit. */
const RESERVE_BYTES = 2 * 1024 ** 3;
const MiB = 1024 ** 2;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function create(stack: RunningStack, body: Record<string, unknown>): Promise<{ id: string; cdpUrl: string }> {
  const response = await callApi(stack, 'POST', '/v2/browser', body);
  if (response.status !== 200) throw new Error(`POST /v2/browser: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as unknown as { id: string; cdpUrl: string };
}

/** POST /v2/browser, connect to cdpUrl and evaluate on the session's page: what a client waits for. */
async function createAndEvaluate(stack: RunningStack, body: Record<string, unknown>, created: string[]): Promise<void> {
  const session = await create(stack, body);
  created.push(session.id);
  const browser = await puppeteer.connect({ browserWSEndpoint: session.cdpUrl, defaultViewport: null });
  const [page] = await browser.pages();
  if ((await page?.evaluate(() => 6 * 7)) !== 42) throw new Error('evaluation failed');
  await browser.disconnect();
}

function row(name: string, summary: LatencySummary): string {
  return `| ${name} | ${summary.count} | ${summary.p50.toFixed(0)} | ${summary.p95.toFixed(0)} |`;
}

/**
 * `npm run bench:browser-session`: time from POST /v2/browser to a page evaluated over cdpUrl with a warm pool
 * and with a cold start (a profile session always starts its own Chromium), then memory per session to estimate
 * how many sessions one replica holds. Writes the "Browser sessions" section of docs/benchmarks.md.
 */
async function main(): Promise<void> {
  const infrastructure = await provideInfrastructure();
  const chromiumPath = await provideChromium();
  const site = await startFixtureServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wh-bench-browsers-'));
  const profileDir = mkdtempSync(path.join(tmpdir(), 'wh-bench-profiles-'));
  const stack = await startStack(infrastructure, {
    services: ['api-gateway', 'billing-service', 'browser-session-manager'],
    env: {
      LOG_LEVEL: 'warn',
      CHROMIUM_PATH: chromiumPath,
      BROWSER_WARM_POOL_SIZE: String(WARM_POOL_SIZE),
      BROWSER_MAX_SESSIONS: '64',
      BROWSER_DATA_DIR: dataDir,
      BROWSER_PROFILE_DIR: profileDir,
    },
    label: 'bench-browser',
  });
  const created: string[] = [];
  const endAll = async (): Promise<void> => {
    for (const id of created.splice(0)) await callApi(stack, 'DELETE', `/v2/browser/${id}`);
  };
  try {
    await sleep(5_000);
    // One session at a time, each ended (not timed) and the pool given time to refill before the next.
    const warmRound = async (): Promise<void> => {
      await createAndEvaluate(stack, { streamWebView: false }, created);
    };
    await warmRound();
    await endAll();
    await sleep(1_500);
    const warmTimed: number[] = [];
    for (let index = 0; index < ROUNDS; index += 1) {
      const t0 = performance.now();
      await warmRound();
      warmTimed.push(performance.now() - t0);
      await endAll();
      await sleep(1_500);
    }
    const warm = summarize(warmTimed);
    const cold = await measure(Math.floor(ROUNDS / 2), 1, async () => {
      await createAndEvaluate(stack, { streamWebView: false, profile: { name: 'bench', saveChanges: false } }, created);
      await endAll();
    });
    const burst = await measure(WARM_POOL_SIZE * 2, WARM_POOL_SIZE * 2, async () =>
      createAndEvaluate(stack, { streamWebView: false }, created),
    );
    await endAll();

    await sleep(3_000);
    const poolOnly = chromiumPssBytes(dataDir);
    for (let index = 0; index < MEMORY_SESSIONS; index += 1) {
      const session = await create(stack, { streamWebView: false });
      created.push(session.id);
      const browser = await puppeteer.connect({ browserWSEndpoint: session.cdpUrl });
      const [page] = await browser.pages();
      await page?.goto(`${site.url}/heavy`);
      await browser.disconnect();
    }
    await sleep(5_000);
    const withSessions = chromiumPssBytes(dataDir);
    const perSession = (withSessions - poolOnly) / MEMORY_SESSIONS;
    const available = availableMemoryBytes();
    await endAll();
    const fitTotal = Math.floor((totalmem() - RESERVE_BYTES) / perSession);
    const fitNow = Math.floor((available - RESERVE_BYTES) / perSession);

    const section = `## Browser sessions

Measured by \`npm run bench:browser-session\` (bench/browser-session/run.ts) on ${new Date().toISOString().slice(0, 10)},
${cpus().length} cores, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Debian Chromium, one browser-session-manager replica,
gateway and billing-service as separate processes on the machine's NATS and Postgres. One run: compare as ratios.

Time from \`POST /v2/browser\` to a page evaluated over \`cdpUrl\` (\`puppeteer.connect\` + \`page.evaluate\` on the
session's first page), in ms:

| path | sessions | p50 | p95 |
|---|---|---|---|
${row(`warm pool (${WARM_POOL_SIZE} idle browsers), one at a time`, warm)}
${row(`burst of ${WARM_POOL_SIZE * 2} at once (pool of ${WARM_POOL_SIZE}: half start cold)`, burst)}
${row('cold start (profile session: its own Chromium, profile loaded)', cold)}

- Target p50 ≤ 300 ms with a warm pool: **${warm.p50.toFixed(0)} ms** (cold start is ${(cold.p50 / warm.p50).toFixed(1)}x that).
- The pool is \`BROWSER_WARM_POOL_SIZE\` (default 2) idle Chromiums per replica, refilled one at a time after each
  take; size it to the sessions expected to start within the ~0.5-1 s one refill takes (here ${WARM_POOL_SIZE}).
  Profile sessions never use it: their user-data folder must be in place before Chromium starts.
- Memory: ${MEMORY_SESSIONS} sessions, each with the \`/heavy\` fixture page open, add **${(perSession / MiB).toFixed(0)} MiB
  PSS per session** (Chromium and its helpers, shared pages split); the idle pool costs ${(poolOnly / MiB).toFixed(0)} MiB.
  With ${(RESERVE_BYTES / 1024 ** 3).toFixed(0)} GiB kept back, one replica on this ${(totalmem() / 1024 ** 3).toFixed(0)} GiB host holds about
  **${fitTotal} sessions** before memory runs out (about ${fitNow} with what was free during the run). CPU, not memory,
  limits active sessions on 2 cores; \`BROWSER_MAX_SESSIONS\` (default 16) and \`BROWSER_MIN_FREE_MEMORY_MB\` cap them.
`;
    writeReportSection('browser-session', section);
    process.stdout.write(section);
  } finally {
    await endAll().catch(() => undefined);
    await stack.stop();
    await site.close();
    await infrastructure.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}

function summarize(durations: number[]): LatencySummary {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (fraction: number): number =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), perSecond: Number.NaN };
}

void main();
