import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { callApi, eventually, type FixtureServer, REPO_ROOT, startFixtureServer } from '@wh/testing';
import { createSession, deleteSession, openSocket, refusedStatus } from './support/browser-sessions';
import { sharedStack } from './support/stack-env';
import { CHROMIUM_BASE_FLAGS } from '@wh/platform/chromium';

// Real Chromium processes on a small shared machine: the default 5 s is too tight for a session's round trips.
jest.setTimeout(60_000);

const stack = sharedStack();
let site: FixtureServer;
let viewer: Browser;

beforeAll(async () => {
  site = await startFixtureServer();
  viewer = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_BASE_FLAGS],
  });
}, 30_000);
afterAll(async () => {
  await viewer.close();
  await site.close();
});

async function framesShown(page: Page): Promise<void> {
  await page.waitForFunction(() => Number(document.body.dataset.frames ?? 0) > 0, { timeout: 15_000 });
}

async function clicksOn(page: Page): Promise<string | undefined> {
  return page.$eval('#counter', (button) => (button as HTMLElement).dataset.clicks);
}

describe('live view', () => {
  it('shows the active tab to a viewer in real Chromium, ignores input on the view-only socket, and turns interactive clicks into page clicks', async () => {
    const session = await createSession(stack);
    const controller = await puppeteer.connect({ browserWSEndpoint: session.cdpUrl });
    try {
      const page = await controller.newPage();
      await page.setViewport({ width: 800, height: 600 });
      await page.goto(`${site.url}/browser/counter`);

      const watching = await viewer.newPage();
      await watching.setViewport({ width: 1000, height: 800 });
      await watching.goto(session.liveViewUrl);
      await framesShown(watching);
      const screenshotDir = path.join(REPO_ROOT, 'tmp', 'e2e-logs');
      mkdirSync(screenshotDir, { recursive: true });
      const screenshot = path.join(screenshotDir, 'live-view.png');
      await watching.screenshot({ path: screenshot });
      expect(statSync(screenshot).size).toBeGreaterThan(5_000);
      expect(await watching.$eval('#screen', (image) => (image as HTMLImageElement).naturalWidth)).toBe(800);
      expect(await watching.$eval('#status', (status) => status.textContent)).toBe('live (view only)');

      // The view-only socket drops input on the server, whatever a page sends it.
      const viewSocket = await openSocket(
        session.liveViewUrl.replace(/^http/, 'ws').replace('/live?', '/live/socket?'),
      );
      for (const event of ['mousePressed', 'mouseReleased'])
        viewSocket.send(JSON.stringify({ type: 'mouse', event, x: 400, y: 300, button: 'left', clickCount: 1 }));
      const image = await watching.$('#screen');
      await image?.click();
      viewSocket.close();

      const interacting = await viewer.newPage();
      await interacting.goto(session.interactiveLiveViewUrl);
      await framesShown(interacting);
      expect(await interacting.$eval('#status', (status) => status.textContent)).toBe('live (interactive)');
      // By now the view-only clicks, sent well before, have reached the replica and were dropped.
      expect(await clicksOn(page)).toBeUndefined();
      await (await interacting.$('#screen'))?.click();
      await eventually(async () => expect(await clicksOn(page)).toBe('1'));
      await eventually(async () =>
        expect(await interacting.$eval('#screen', (img) => (img as HTMLImageElement).src.length)).toBeGreaterThan(100),
      );
      await interacting.close();
      await watching.close();
    } finally {
      await controller.disconnect();
      await deleteSession(stack, session.id);
    }
  }, 60_000);

  it('has no live view when streamWebView is false: empty URLs, and the sockets refuse', async () => {
    const session = await createSession(stack, { streamWebView: false });
    try {
      expect(session.liveViewUrl).toBe('');
      expect(session.interactiveLiveViewUrl).toBe('');
      const token = new URL(session.cdpUrl).searchParams.get('token') ?? '';
      const page = await callApi(stack, 'GET', `/v2/browser/${session.id}/live?token=${token}`, undefined, {
        authorization: null,
      });
      expect(page.status).toBe(401);
      const socketUrl = session.cdpUrl.replace('/cdp?', '/live/socket?');
      expect(await refusedStatus(socketUrl)).toBe(401);
    } finally {
      await deleteSession(stack, session.id);
    }
  });

  it('refuses the live view page without or with a wrong token', async () => {
    const session = await createSession(stack);
    try {
      expect(
        (await callApi(stack, 'GET', `/v2/browser/${session.id}/live`, undefined, { authorization: null })).status,
      ).toBe(401);
      expect(
        (await callApi(stack, 'GET', `/v2/browser/${session.id}/live?token=nope`, undefined, { authorization: null }))
          .status,
      ).toBe(401);
      const shown = await fetch(session.liveViewUrl);
      expect(shown.status).toBe(200);
      expect(shown.headers.get('content-type')).toContain('text/html');
    } finally {
      await deleteSession(stack, session.id);
    }
  });
});
