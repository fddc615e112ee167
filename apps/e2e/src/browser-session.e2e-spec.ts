import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { chromium as playwright } from 'playwright-core';
import { callApi, eventually, type FixtureServer, runCompiled, startFixtureServer } from '@wh/testing';
import { cdpCall, closeOf, createSession, deleteSession, openSocket, refusedStatus } from './support/browser-sessions';
import { sharedStack } from './support/stack-env';

// Real Chromium processes on a small shared machine: the default 5 s is too tight for a session's round trips.
jest.setTimeout(60_000);

const stack = sharedStack();
let site: FixtureServer;

beforeAll(async () => {
  site = await startFixtureServer();
});
afterAll(async () => {
  await site.close();
});

async function withConnected<T>(cdpUrl: string, use: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await puppeteer.connect({ browserWSEndpoint: cdpUrl, protocolTimeout: 20_000 });
  try {
    return await use(browser);
  } finally {
    await browser.disconnect();
  }
}

describe('POST /v2/browser', () => {
  it('creates a session whose cdpUrl Puppeteer drives: a page on a loopback site, script evaluated', async () => {
    const session = await createSession(stack);
    expect(session).toMatchObject({ success: true, id: expect.any(String) });
    expect(session.cdpUrl).toMatch(
      new RegExp(`^ws://127\\.0\\.0\\.1:\\d+/v2/browser/${session.id}/cdp\\?token=[\\w-]{43}$`),
    );
    expect(session.liveViewUrl).toMatch(/^http:\/\/.*\/live\?token=/);
    expect(session.interactiveLiveViewUrl).not.toBe(session.liveViewUrl);
    expect(Date.parse(session.expiresAt) - Date.now()).toBeGreaterThan(590_000);
    try {
      const title = await withConnected(session.cdpUrl, async (browser) => {
        const page = await browser.newPage();
        await page.goto(`${site.url}/browser/storage`);
        return page.evaluate(() => `${document.title}:${1 + 2}`);
      });
      expect(title).toBe('Storage:3');
    } finally {
      await deleteSession(stack, session.id);
    }
  });

  it("works with Playwright's connectOverCDP", async () => {
    const session = await createSession(stack, { streamWebView: false });
    try {
      const browser = await playwright.connectOverCDP(session.cdpUrl);
      const context = browser.contexts()[0] ?? (await browser.newContext());
      const page = await context.newPage();
      await page.goto(`${site.url}/browser/counter`);
      await page.click('#counter');
      expect(await page.textContent('#counter')).toBe('clicked 1');
      await browser.close();
    } finally {
      await deleteSession(stack, session.id);
    }
  });

  it('serves two clients at once, and a client that disconnects can connect again and find its page', async () => {
    const session = await createSession(stack, { streamWebView: false });
    try {
      const first = await puppeteer.connect({ browserWSEndpoint: session.cdpUrl });
      const second = await puppeteer.connect({ browserWSEndpoint: session.cdpUrl });
      const page = await first.newPage();
      await page.goto(`${site.url}/browser/storage?from=first`);
      const seenBySecond = await second.pages();
      expect(seenBySecond.map((candidate) => candidate.url())).toContain(`${site.url}/browser/storage?from=first`);
      expect(await (await second.newPage()).evaluate(() => 6 * 7)).toBe(42);
      await first.disconnect();
      await second.disconnect();

      const again = await puppeteer.connect({ browserWSEndpoint: session.cdpUrl });
      expect((await again.pages()).map((candidate) => candidate.url())).toContain(
        `${site.url}/browser/storage?from=first`,
      );
      await again.disconnect();
    } finally {
      await deleteSession(stack, session.id);
    }
  });

  it('refuses a missing, wrong or other kind of token before the upgrade', async () => {
    const session = await createSession(stack);
    try {
      const bare = session.cdpUrl.split('?')[0] ?? '';
      expect(await refusedStatus(bare)).toBe(401);
      expect(await refusedStatus(`${bare}?token=${'x'.repeat(43)}`)).toBe(401);
      const viewToken = new URL(session.liveViewUrl).searchParams.get('token') ?? '';
      expect(await refusedStatus(`${bare}?token=${viewToken}`)).toBe(401);
      const otherSession = bare.replace(session.id, '00000000-0000-4000-8000-000000000001');
      expect(await refusedStatus(`${otherSession}?${session.cdpUrl.split('?')[1]}`)).toBe(404);
      expect(await refusedStatus(session.cdpUrl.replace('/cdp?', '/elsewhere?'))).toBe(404);
    } finally {
      await deleteSession(stack, session.id);
    }
  });

  it('refuses dangerous CDP methods with a CDP error and keeps the session alive', async () => {
    const session = await createSession(stack, { streamWebView: false });
    const socket = await openSocket(session.cdpUrl);
    try {
      for (const [id, method, params] of [
        [1, 'SystemInfo.getInfo', {}],
        [2, 'Browser.crash', {}],
        [3, 'Tethering.bind', { port: 9999 }],
        [4, 'Target.createTarget', { url: 'file:///etc/passwd' }],
        [5, 'Target.createTarget', { url: 'chrome://settings' }],
        [6, 'DOM.setFileInputFiles', { files: ['/etc/passwd'], nodeId: 1 }],
      ] as const) {
        const answer = await cdpCall(socket, id, method, params);
        expect(answer).toMatchObject({ id, error: { message: expect.stringMatching(/not allowed|must/) } });
      }
      // A download folder outside the session is replaced by the session's own, not refused (Playwright sends one).
      expect(
        await cdpCall(socket, 8, 'Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: '/tmp' }),
      ).toEqual({ id: 8, result: {} });
      const version = await cdpCall(socket, 7, 'Browser.getVersion');
      expect(version).toMatchObject({ id: 7, result: { product: expect.stringMatching(/Chrome/) } });
    } finally {
      socket.close();
      await deleteSession(stack, session.id);
    }
  });

  it('closes connected clients with code 4003 on DELETE, reports the duration, and stays idempotent', async () => {
    const session = await createSession(stack, { streamWebView: false });
    const socket = await openSocket(session.cdpUrl);
    const closed = closeOf(socket);
    const stopped = await callApi(stack, 'DELETE', `/v2/browser/${session.id}`);
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({
      success: true,
      status: 'destroyed',
      endReason: 'deleted',
      sessionDurationMs: expect.any(Number),
    });
    expect(await closed).toEqual({ code: 4003, reason: 'session ended: deleted' });
    const again = await callApi(stack, 'DELETE', `/v2/browser/${session.id}`);
    expect(again.status).toBe(200);
    expect(again.body.sessionDurationMs).toBe(stopped.body.sessionDurationMs);
    expect(await refusedStatus(session.cdpUrl)).toBe(404);
    const shown = await callApi(stack, 'GET', `/v2/browser/${session.id}`);
    expect(shown.body).toMatchObject({ success: true, id: session.id, status: 'destroyed', endReason: 'deleted' });
  });

  it('treats Browser.close as the end of the session', async () => {
    const session = await createSession(stack, { streamWebView: false });
    const socket = await openSocket(session.cdpUrl);
    const closed = closeOf(socket);
    expect(await cdpCall(socket, 1, 'Browser.close')).toEqual({ id: 1, result: {} });
    expect((await closed).code).toBe(4005);
    await eventually(async () => {
      const shown = await callApi(stack, 'GET', `/v2/browser/${session.id}`);
      expect(shown.body).toMatchObject({ status: 'destroyed', endReason: 'browser_closed' });
    });
  });

  it('lists the team sessions, filtered by status', async () => {
    const session = await createSession(stack, { streamWebView: false });
    const active = await callApi(stack, 'GET', '/v2/browser?status=active');
    expect((active.body.sessions as Array<{ id: string }>).map((entry) => entry.id)).toContain(session.id);
    await deleteSession(stack, session.id);
    const destroyed = await callApi(stack, 'GET', '/v2/browser?status=destroyed');
    expect(destroyed.body.sessions).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: session.id, status: 'destroyed' })]),
    );
    const stillActive = await callApi(stack, 'GET', '/v2/browser?status=active');
    expect((stillActive.body.sessions as Array<{ id: string }>).map((entry) => entry.id)).not.toContain(session.id);
  });

  it('hides other teams\u2019 sessions: GET, DELETE and sockets answer 404 or 401 to them', async () => {
    const session = await createSession(stack, { streamWebView: false });
    try {
      const team = `browser-team-${Date.now()}`;
      await runCompiled('apps/billing-service/src/admin/admin.cli.js', ['create-team', team], {
        DATABASE_URL: stack.databaseUrl,
      });
      const created = await runCompiled('apps/billing-service/src/admin/admin.cli.js', ['create-key', team], {
        DATABASE_URL: stack.databaseUrl,
      });
      const other = { ...stack, apiKey: created.trim().split('\n').at(-1) ?? '' };
      expect((await callApi(other, 'GET', `/v2/browser/${session.id}`)).status).toBe(404);
      expect((await callApi(other, 'DELETE', `/v2/browser/${session.id}`)).status).toBe(404);
      const listed = await callApi(other, 'GET', '/v2/browser');
      expect(listed.body).toEqual({ success: true, sessions: [] });
      expect((await callApi(stack, 'GET', `/v2/browser/${session.id}`)).body).toMatchObject({ status: 'active' });
    } finally {
      await deleteSession(stack, session.id);
    }
  });

  it('carries large frames: a full-page screenshot of a very tall page', async () => {
    const session = await createSession(stack, { streamWebView: false });
    try {
      const bytes = await withConnected(session.cdpUrl, async (browser) => {
        const page = await browser.newPage();
        await page.setViewport({ width: 1200, height: 800 });
        await page.goto(`${site.url}/browser/tall`);
        const screenshot = await page.screenshot({ fullPage: true, type: 'png' });
        // The session keeps answering afterwards: the large answer was matched to its command.
        expect(await page.evaluate(() => document.body.scrollHeight)).toBe(16_000);
        return screenshot.length;
      });
      expect(bytes).toBeGreaterThan(2 * 1024 * 1024);
    } finally {
      await deleteSession(stack, session.id);
    }
  }, 60_000);

  it('never writes a session token to the service logs', async () => {
    const session = await createSession(stack);
    const tokens = [session.cdpUrl, session.liveViewUrl, session.interactiveLiveViewUrl].map(
      (url) => new URL(url).searchParams.get('token') ?? '',
    );
    try {
      await withConnected(session.cdpUrl, async (browser) => browser.version());
      await refusedStatus(session.cdpUrl.replace(/token=.*/, `token=${tokens[0]?.slice(0, 10) ?? ''}`));
      await fetch(session.liveViewUrl);
    } finally {
      await deleteSession(stack, session.id);
    }
    const logs = readdirSync(stack.logDir)
      .map((file) => readFileSync(path.join(stack.logDir, file), 'utf8'))
      .join('\n');
    expect(logs).toContain(session.id);
    for (const token of tokens) expect(logs).not.toContain(token);
  });

  it.each([
    [{ ttl: 29 }, 'ttl'],
    [{ ttl: 3601 }, 'ttl'],
    [{ ttl: 'long' }, 'ttl'],
    [{ activityTtl: 9 }, 'activityTtl'],
    [{ streamWebView: 'yes' }, 'streamWebView'],
    [{ profile: { name: '' } }, 'profile.name'],
    [{ profile: { name: 'x'.repeat(129) } }, 'profile.name'],
    [{ profile: { saveChanges: true } }, 'profile.name'],
    [{ profile: { name: 'a', extra: 1 } }, 'profile.extra'],
    [{ keepAlive: true }, 'keepAlive'],
  ])('answers %j with 400 naming %s', async (body, field) => {
    const response = await callApi(stack, 'POST', '/v2/browser', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(JSON.stringify(response.body.details)).toContain(field);
  });

  it('answers bad ids and filters with 4xx, and requires an API key', async () => {
    expect((await callApi(stack, 'GET', '/v2/browser/not-a-uuid')).status).toBe(404);
    expect((await callApi(stack, 'DELETE', '/v2/browser/00000000-0000-4000-8000-000000000009')).status).toBe(404);
    expect((await callApi(stack, 'GET', '/v2/browser?status=sleeping')).status).toBe(400);
    expect((await callApi(stack, 'POST', '/v2/browser', {}, { authorization: null })).status).toBe(401);
    expect((await callApi(stack, 'DELETE', '/v2/browser/profiles/never-saved')).status).toBe(404);
  });
});
