import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import puppeteer from 'puppeteer-core';
import { callApi, eventually, runCompiled } from '@wh/testing';
import { cdpCall, closeOf, createSession, deleteSession, openSocket } from './support/browser-sessions';
import { useOwnStack } from './support/own-stack';

// Real Chromium processes on a small shared machine: the default 5 s is too tight for a session's round trips.
jest.setTimeout(60_000);

const dataDir = mkdtempSync(path.join(tmpdir(), 'wh-e2e-browsers-'));
const profileDir = mkdtempSync(path.join(tmpdir(), 'wh-e2e-profiles-'));
const MAX_SESSIONS = 3;

// No warm pool, so every Chromium under dataDir belongs to a session, and a small replica to reach its limit.
const own = useOwnStack('browser-lifecycle', ['api-gateway', 'billing-service', 'browser-session-manager'], {
  BROWSER_DATA_DIR: dataDir,
  BROWSER_PROFILE_DIR: profileDir,
  BROWSER_WARM_POOL_SIZE: '0',
  BROWSER_MAX_SESSIONS: String(MAX_SESSIONS),
  BROWSER_HEARTBEAT_MS: '500',
});

/** Main Chromium processes (not its helpers) started in this suite's data folder. */
function sessionBrowserPids(): number[] {
  const lines = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n');
  return lines
    .filter((line) => line.includes(`--user-data-dir=${dataDir}`) && !line.includes('--type='))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

async function status(id: string): Promise<Record<string, unknown>> {
  return (await callApi(own.stack(), 'GET', `/v2/browser/${id}`)).body;
}

describe('browser session lifetimes', () => {
  it('ends an idle session at activityTtl while a busy one and one awaiting an answer live on; the busy one ends at its ttl', async () => {
    const stack = own.stack();
    const [idle, busy, waiting] = await Promise.all([
      createSession(stack, { ttl: 120, activityTtl: 10, streamWebView: false }),
      createSession(stack, { ttl: 30, activityTtl: 10, streamWebView: false }),
      createSession(stack, { ttl: 120, activityTtl: 10, streamWebView: false }),
    ]);
    if (!idle || !busy || !waiting) throw new Error('sessions missing');
    const idleSocket = await openSocket(idle.cdpUrl);
    const idleClosed = closeOf(idleSocket);
    const busySocket = await openSocket(busy.cdpUrl);
    const busyClosed = closeOf(busySocket);
    let commandId = 0;
    const keepBusy = setInterval(() => void cdpCall(busySocket, ++commandId, 'Browser.getVersion'), 2_000);

    // One command that takes longer than activityTtl to answer: activity for as long as it waits.
    const waitingSocket = await openSocket(waiting.cdpUrl);
    const targets = (await cdpCall(waitingSocket, 1, 'Target.getTargets')) as {
      result: { targetInfos: Array<{ targetId: string; type: string }> };
    };
    const pageTarget = targets.result.targetInfos.find((target) => target.type === 'page');
    const attached = (await cdpCall(waitingSocket, 2, 'Target.attachToTarget', {
      targetId: pageTarget?.targetId,
      flatten: true,
    })) as { result: { sessionId: string } };
    const slowAnswer = cdpCall(
      waitingSocket,
      3,
      'Runtime.evaluate',
      { expression: 'new Promise((resolve) => setTimeout(() => resolve(7), 16000))', awaitPromise: true },
      attached.result.sessionId,
    );
    try {
      expect(await idleClosed).toEqual({ code: 4002, reason: 'session ended: no activity within activityTtl' });
      await eventually(
        async () => expect(await status(idle.id)).toMatchObject({ status: 'destroyed', endReason: 'idle' }),
        { timeoutMs: 5_000 },
      );
      expect(await status(busy.id)).toMatchObject({ status: 'active' });
      expect(await status(waiting.id)).toMatchObject({ status: 'active' });
      expect(await slowAnswer).toMatchObject({ id: 3, result: { result: { value: 7 } } });
      expect(await status(waiting.id)).toMatchObject({ status: 'active' });
      expect(await busyClosed).toEqual({ code: 4001, reason: 'session ended: ttl elapsed' });
      await eventually(
        async () => expect(await status(busy.id)).toMatchObject({ status: 'destroyed', endReason: 'ttl' }),
        { timeoutMs: 5_000 },
      );
    } finally {
      clearInterval(keepBusy);
      busySocket.close();
      waitingSocket.close();
      await Promise.all([busy, waiting].map((session) => deleteSession(stack, session.id)));
    }
  }, 60_000);

  it('accepts an activityTtl above ttl, as Firecrawl does: the earlier deadline, ttl, ends an idle session', async () => {
    const stack = own.stack();
    const session = await createSession(stack, { ttl: 30, activityTtl: 120, streamWebView: false });
    const socket = await openSocket(session.cdpUrl);
    try {
      expect(await closeOf(socket)).toEqual({ code: 4001, reason: 'session ended: ttl elapsed' });
      await eventually(
        async () => expect(await status(session.id)).toMatchObject({ status: 'destroyed', endReason: 'ttl' }),
        { timeoutMs: 5_000 },
      );
    } finally {
      socket.close();
    }
  }, 60_000);

  it('ends the session when its Chromium is killed: reason recorded, client told, folders removed', async () => {
    const stack = own.stack();
    const session = await createSession(stack, { streamWebView: false });
    const socket = await openSocket(session.cdpUrl);
    const closed = closeOf(socket);
    const pids = sessionBrowserPids();
    expect(pids).toHaveLength(1);
    expect(readdirSync(dataDir)).toHaveLength(1);
    process.kill(pids[0] ?? 0, 'SIGKILL');
    expect(await closed).toEqual({ code: 4004, reason: 'session ended: the browser exited' });
    await eventually(async () =>
      expect(await status(session.id)).toMatchObject({ status: 'destroyed', endReason: 'browser_exited' }),
    );
    await eventually(() => expect(readdirSync(dataDir)).toHaveLength(0));
    const stopped = await callApi(stack, 'DELETE', `/v2/browser/${session.id}`);
    expect(stopped.body).toMatchObject({ success: true, status: 'destroyed', endReason: 'browser_exited' });
  });

  it('answers 503 with Retry-After when every replica is full, and places a session again as soon as one is deleted', async () => {
    const stack = own.stack();
    const sessions = await Promise.all(
      Array.from({ length: MAX_SESSIONS }, () => createSession(stack, { streamWebView: false })),
    );
    try {
      const refused = await callApi(stack, 'POST', '/v2/browser', {});
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ success: false, code: 'BROWSER_CAPACITY_EXHAUSTED' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await Promise.all(sessions.map((session) => deleteSession(stack, session.id)));
    }
    expect(sessionBrowserPids()).toHaveLength(0);
    expect(existsSync(dataDir) && readdirSync(dataDir)).toHaveLength(0);
    await deleteSession(stack, (await createSession(stack, { streamWebView: false })).id);
  });

  it("counts a team's live sessions against its concurrency limit (429)", async () => {
    const stack = own.stack();
    const env = { DATABASE_URL: stack.databaseUrl };
    await runCompiled(
      'apps/billing-service/src/admin/admin.cli.js',
      ['create-team', 'one-at-a-time', '--concurrency', '1'],
      env,
    );
    const created = await runCompiled(
      'apps/billing-service/src/admin/admin.cli.js',
      ['create-key', 'one-at-a-time'],
      env,
    );
    const team = { ...stack, apiKey: created.trim().split('\n').at(-1) ?? '' };
    const first = await createSession(team, { streamWebView: false });
    const second = await callApi(team, 'POST', '/v2/browser', { streamWebView: false });
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ success: false, code: 'CONCURRENCY_LIMIT_EXCEEDED' });
    await deleteSession(team, first.id);
    const third = await createSession(team, { streamWebView: false });
    await deleteSession(team, third.id);
  });
});

async function storageSeen(cdpUrl: string, siteUrl: string): Promise<{ cookies: string[]; stored: string | null }> {
  const browser = await puppeteer.connect({ browserWSEndpoint: cdpUrl });
  try {
    const page = await browser.newPage();
    await page.goto(`${siteUrl}/browser/storage`);
    const cookies = (await browser.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).sort();
    return { cookies, stored: await page.evaluate(() => localStorage.getItem('basket')) };
  } finally {
    await browser.disconnect();
  }
}

describe('browser profiles', () => {
  it('keeps cookies (session ones too) and localStorage for the next session; one writer at a time; read-only changes are not kept', async () => {
    const stack = own.stack();
    const siteUrl = own.site().url;
    const writer = await createSession(stack, { streamWebView: false, profile: { name: 'shop' } });
    const browser = await puppeteer.connect({ browserWSEndpoint: writer.cdpUrl });
    const page = await browser.newPage();
    await page.goto(`${siteUrl}/browser/storage`);
    await page.evaluate(() => {
      document.cookie = 'visit=session-only';
      document.cookie = 'login=remembered; max-age=3600';
      localStorage.setItem('basket', 'three apples');
    });
    await browser.disconnect();

    const secondWriter = await callApi(stack, 'POST', '/v2/browser', { profile: { name: 'shop', saveChanges: true } });
    expect(secondWriter.status).toBe(409);
    expect(secondWriter.body).toMatchObject({
      success: false,
      code: 'BROWSER_PROFILE_IN_USE',
      error: expect.stringContaining('saveChanges: false'),
    });
    expect((await callApi(stack, 'DELETE', '/v2/browser/profiles/shop')).status).toBe(409);
    const readerDuringWrite = await createSession(stack, {
      streamWebView: false,
      profile: { name: 'shop', saveChanges: false },
    });
    expect(await storageSeen(readerDuringWrite.cdpUrl, siteUrl)).toEqual({ cookies: [], stored: null });
    await deleteSession(stack, readerDuringWrite.id);

    expect(await deleteSession(stack, writer.id)).toMatchObject({ success: true, endReason: 'deleted' });

    const reader = await createSession(stack, { streamWebView: false, profile: { name: 'shop', saveChanges: false } });
    expect(await storageSeen(reader.cdpUrl, siteUrl)).toEqual({
      cookies: ['login=remembered', 'visit=session-only'],
      stored: 'three apples',
    });
    const readerBrowser = await puppeteer.connect({ browserWSEndpoint: reader.cdpUrl });
    const readerPage = await readerBrowser.newPage();
    await readerPage.goto(`${siteUrl}/browser/storage`);
    await readerPage.evaluate(() => localStorage.setItem('basket', 'nothing'));
    await readerBrowser.disconnect();
    await deleteSession(stack, reader.id);

    const next = await createSession(stack, { streamWebView: false, profile: { name: 'shop' } });
    expect((await storageSeen(next.cdpUrl, siteUrl)).stored).toBe('three apples');
    await deleteSession(stack, next.id);

    expect((await callApi(stack, 'DELETE', '/v2/browser/profiles/shop')).body).toEqual({ success: true });
    expect((await callApi(stack, 'DELETE', '/v2/browser/profiles/shop')).status).toBe(404);
    const fresh = await createSession(stack, { streamWebView: false, profile: { name: 'shop', saveChanges: false } });
    expect(await storageSeen(fresh.cdpUrl, siteUrl)).toEqual({ cookies: [], stored: null });
    await deleteSession(stack, fresh.id);
  }, 60_000);
});

describe('a session the fleet ended while its replica ran on', () => {
  it('has its browser closed by the replica within heartbeats: client told, folders removed, profile not saved', async () => {
    const stack = own.stack();
    const siteUrl = own.site().url;
    const session = await createSession(stack, { streamWebView: false, profile: { name: 'reaped-writer' } });
    const browser = await puppeteer.connect({ browserWSEndpoint: session.cdpUrl });
    const page = await browser.newPage();
    await page.goto(`${siteUrl}/browser/storage`);
    await page.evaluate(() => localStorage.setItem('basket', 'written after the reaping'));
    await browser.disconnect();
    const socket = await openSocket(session.cdpUrl);
    const closed = closeOf(socket);
    expect(sessionBrowserPids()).toHaveLength(1);

    // What another replica's reaper records when this one misses its heartbeats on a stalled host.
    const db = new Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      await db.query(
        `with freed as (update browser_profiles set writer_session_id = null where writer_session_id = $1)
         update browser_sessions set status = 'destroyed', end_reason = 'replica_lost', ended_at = now() where id = $1`,
        [session.id],
      );
    } finally {
      await db.end();
    }

    expect(await closed).toEqual({ code: 4007, reason: 'session ended: the browser host stopped responding' });
    await eventually(() => expect(sessionBrowserPids()).toHaveLength(0));
    await eventually(() => expect(readdirSync(dataDir)).toHaveLength(0));
    expect(await status(session.id)).toMatchObject({ status: 'destroyed', endReason: 'replica_lost' });
    const reader = await createSession(stack, {
      streamWebView: false,
      profile: { name: 'reaped-writer', saveChanges: false },
    });
    expect((await storageSeen(reader.cdpUrl, siteUrl)).stored).toBeNull();
    await deleteSession(stack, reader.id);
  });
});

describe('replica loss', () => {
  it('reaps the sessions of a replica that stopped heart-beating', async () => {
    const stack = own.stack();
    const original = stack.processes.get('browser-session-manager');
    const originalPort = new URL(stack.healthUrls['browser-session-manager'] ?? '').port;
    const added = await stack.startService('browser-session-manager');
    const session = await createSession(stack, { streamWebView: false });
    const db = new Client({ connectionString: stack.databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ endpoint: string; replica_id: string }>(
      'select r.endpoint, s.replica_id from browser_sessions s join browser_replicas r on r.id = s.replica_id where s.id = $1',
      [session.id],
    );
    const holder = new URL(rows[0]?.endpoint ?? '').port === originalPort ? original : added;
    const browsersBefore = sessionBrowserPids();
    holder?.kill('SIGKILL');
    try {
      await eventually(
        async () => expect(await status(session.id)).toMatchObject({ status: 'destroyed', endReason: 'replica_lost' }),
        { timeoutMs: 15_000 },
      );
      expect((await callApi(stack, 'DELETE', `/v2/browser/${session.id}`)).body).toMatchObject({
        status: 'destroyed',
        endReason: 'replica_lost',
      });
      await eventually(async () => {
        const left = await db.query('select id from browser_replicas where id = $1', [rows[0]?.replica_id]);
        expect(left.rows).toHaveLength(0);
      });
      // The surviving replica still takes new sessions.
      const next = await createSession(stack, { streamWebView: false });
      await deleteSession(stack, next.id);
    } finally {
      await db.end();
      // A replica's browsers quit with it (--remote-debugging-pipe); any still running is cleaned up here.
      for (const pid of browsersBefore) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone with its replica.
        }
      }
    }
  }, 60_000);
});
