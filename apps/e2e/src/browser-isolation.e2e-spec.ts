import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { AD_BANNER_TEXT, AD_HOST, callApi, COOKIE_NOTICE_TEXT, eventually, REPORT_PDF_PAGES } from '@wh/testing';
import { chromiumChildrenOf, renderersBelow } from './support/chromium-processes';
import { useOwnStack } from './support/own-stack';
import { UsageLedger } from './support/usage-ledger';

// Chromium pages take seconds on a busy two-core machine; these bounds only stop a hung test.
jest.setTimeout(120_000);

// A filter list in EasyList syntax, made here so the test needs nothing from the network.
const filterList = path.join(mkdtempSync(path.join(tmpdir(), 'wh-filters-')), 'fixture-list.txt');
writeFileSync(
  filterList,
  ['! Title: fixture ads and cookie notices', `||${AD_HOST}^`, '##.cookie-notice', ''].join('\n'),
);

const own = useOwnStack('browser', ['api-gateway', 'scrape-worker', 'billing-service'], {
  ADBLOCK_LISTS: filterList,
  // Chromium sends *.test names to loopback, so the ad host is served by the fixture server.
  HOST_RESOLVER_RULES: 'MAP *.test 127.0.0.1',
  // The test watches the pool browser's contexts with a DevTools client of its own.
  BROWSER_DEVTOOLS_PORT: 'true',
});

interface ScrapeData {
  markdown?: string;
  actions?: { javascriptReturns: { type: string; value: unknown }[] };
  metadata: Record<string, unknown>;
}

const ledger = new UsageLedger(() => own.stack().databaseUrl);

async function scrape(
  body: Record<string, unknown>,
): Promise<{ status: number; data: ScrapeData; body: Record<string, unknown> }> {
  const response = await callApi(own.stack(), 'POST', '/v2/scrape', { maxAge: 0, ...body });
  ledger.note(response.status);
  return { status: response.status, data: response.body.data as ScrapeData, body: response.body };
}

/**
 * What a page script finds of earlier visitors: cookies (as the page and as the server see them), storage, the
 * tab's own state and the visitor the page was made to see.
 */
const READ_LEFTOVERS = `return (async () => ({
  cookie: document.cookie,
  windowName: window.name,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  width: window.innerWidth,
  mobileAgent: /Mobile/.test(navigator.userAgent),
  localStorage: localStorage.length,
  sessionStorage: sessionStorage.length,
  indexedDB: (await indexedDB.databases()).map((database) => database.name),
  caches: await caches.keys(),
  serverSaw: document.querySelector('main p').textContent,
}))()`;

const LEAVE_TRACES = `return (async () => {
  document.cookie = 'visitor=first-scrape; max-age=3600';
  window.name = 'first-scrape';
  localStorage.setItem('basket', 'three apples');
  sessionStorage.setItem('step', 'checkout');
  await new Promise((resolve, reject) => {
    const request = indexedDB.open('orders', 1);
    request.onupgradeneeded = () => request.result.createObjectStore('lines');
    request.onsuccess = () => { request.result.close(); resolve(undefined); };
    request.onerror = () => reject(request.error);
  });
  await (await caches.open('pages')).put('/cached-page', new Response('kept'));
  return 'written';
})()`;

const NOTHING_LEFT = {
  cookie: '',
  windowName: '',
  timeZone: expect.not.stringContaining('Tokyo'),
  width: 1920,
  mobileAgent: false,
  localStorage: 0,
  sessionStorage: 0,
  indexedDB: [],
  caches: [],
  serverSaw: expect.stringMatching(/"cookie":"".*"custom":""/),
};

/** Connects a second DevTools client to the worker's Chromium to see which incognito context each page opens in. */
async function watchWorkerChromium(
  workerPid: number,
): Promise<{ contextOf: (tag: string) => string | undefined; stop: () => Promise<void> }> {
  const [browserPid] = chromiumChildrenOf(workerPid);
  if (browserPid === undefined) throw new Error('the worker has no Chromium running');
  const profile = /--user-data-dir=([^\0]+)/.exec(readFileSync(`/proc/${browserPid}/cmdline`, 'utf8'))?.[1];
  const port = readFileSync(path.join(profile ?? '', 'DevToolsActivePort'), 'utf8').split('\n')[0];
  const browser: Browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  // Contexts the worker makes after this connection are unknown to this client's puppeteer, so the targets'
  // context ids come from the protocol itself.
  const session = await browser.target().createCDPSession();
  const contexts = new Map<string, string>();
  session.on('Target.targetInfoChanged', ({ targetInfo }) => {
    if (targetInfo.type === 'page' && targetInfo.browserContextId)
      contexts.set(targetInfo.url, targetInfo.browserContextId);
  });
  await session.send('Target.setDiscoverTargets', { discover: true });
  return {
    contextOf: (tag) => [...contexts].find(([url]) => url.includes(tag))?.[1],
    stop: () => browser.disconnect(),
  };
}

describe('browser engine: isolation between scrapes', () => {
  it("never lets one scrape's cookies or storage reach the next, though the next may run in the same wiped context", async () => {
    const workerPid = own.stack().processes.get('scrape-worker')?.pid;
    if (workerPid === undefined) throw new Error('no scrape-worker process');
    // A first scrape starts the worker's Chromium.
    expect((await scrape({ url: `${own.site().url}/app/rendered?warm=1` })).status).toBe(200);
    const chromium = await watchWorkerChromium(workerPid);
    try {
      const writer = await scrape({
        url: `${own.site().url}/app/probe?isolation=writer`,
        headers: { cookie: 'session=from-headers', 'x-fixture-probe': 'first-scrape' },
        mobile: true,
        location: { country: 'JP' },
        actions: [
          { type: 'executeJavascript', script: LEAVE_TRACES },
          { type: 'executeJavascript', script: READ_LEFTOVERS },
        ],
      });
      expect(writer.status).toBe(200);
      const written = writer.data.actions?.javascriptReturns;
      expect(written?.[0]?.value).toBe('written');
      // The read-back proves the traces were really there to leak.
      expect(written?.[1]?.value).toMatchObject({
        cookie: expect.stringContaining('visitor=first-scrape'),
        windowName: 'first-scrape',
        timeZone: 'Asia/Tokyo',
        mobileAgent: true,
        localStorage: 1,
        sessionStorage: 1,
        indexedDB: ['orders'],
        caches: ['pages'],
        serverSaw: expect.stringMatching(/session=from-headers.*"custom":"first-scrape"/),
      });
      const writerContext = chromium.contextOf('isolation=writer');
      expect(writerContext).toBeDefined();

      // Readers until one lands in the writer's context once it is wiped and back on the shelf; every reader
      // must find nothing, in a reused context or a new one.
      const readerContexts: (string | undefined)[] = [];
      for (let reader = 1; reader <= 6 && !readerContexts.includes(writerContext); reader += 1) {
        const tag = `isolation=reader-${reader}`;
        const { status, data } = await scrape({
          url: `${own.site().url}/app/probe?${tag}`,
          actions: [{ type: 'executeJavascript', script: READ_LEFTOVERS }],
        });
        expect(status).toBe(200);
        expect(data.actions?.javascriptReturns[0]?.value).toEqual(NOTHING_LEFT);
        readerContexts.push(chromium.contextOf(tag));
      }
      expect(readerContexts).toContain(writerContext);
    } finally {
      await chromium.stop();
    }
  });
});

describe('browser engine: ad blocking', () => {
  it('blocks the ad host and removes the cookie notice with the filter lists', async () => {
    const { status, data } = await scrape({ url: `${own.site().url}/app/ads`, waitFor: 200, onlyMainContent: false });
    expect(status).toBe(200);
    expect(data.markdown).toContain('Weaving on the old looms');
    expect(data.markdown).not.toContain(AD_BANNER_TEXT);
    expect(data.markdown).not.toContain(COOKIE_NOTICE_TEXT);
  });

  it('lets the ad through with blockAds false', async () => {
    const { data } = await scrape({
      url: `${own.site().url}/app/ads`,
      waitFor: 200,
      onlyMainContent: false,
      blockAds: false,
    });
    expect(data.markdown).toContain(AD_BANNER_TEXT);
    expect(data.markdown).toContain(COOKIE_NOTICE_TEXT);
  });
});

describe('PDF documents', () => {
  it('turns a PDF into markdown with its pages, billed one credit per page', async () => {
    let data: ScrapeData | undefined;
    const credits = await ledger.creditsOf(async () => {
      const response = await scrape({ url: `${own.site().url}/files/report.pdf` });
      expect(response.status).toBe(200);
      data = response.data;
    });
    expect(data?.metadata).toMatchObject({
      numPages: 3,
      title: 'Riverside Mills Annual Report',
      contentType: 'application/pdf',
    });
    const markdown = data?.markdown ?? '';
    for (const lines of REPORT_PDF_PAGES) for (const line of lines) expect(markdown).toContain(line);
    expect(markdown.indexOf('<!-- page 2 -->')).toBeLessThan(markdown.indexOf(REPORT_PDF_PAGES[1]?.[0] ?? ''));
    expect(markdown.indexOf('<!-- page 2 -->')).toBeGreaterThan(markdown.indexOf(REPORT_PDF_PAGES[0]?.[1] ?? ''));
    expect(credits).toBe(3);
  });

  it('returns the file base64-encoded with parsers [], billed one credit', async () => {
    let markdown = '';
    const credits = await ledger.creditsOf(async () => {
      const response = await scrape({ url: `${own.site().url}/files/report.pdf`, parsers: [] });
      expect(response.status).toBe(200);
      markdown = response.data.markdown ?? '';
    });
    expect(Buffer.from(markdown, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(credits).toBe(1);
  });

  it('parses a PDF also when the request needs the browser', async () => {
    const { status, data } = await scrape({ url: `${own.site().url}/files/report.pdf`, waitFor: 100 });
    expect(status).toBe(200);
    expect(data.metadata).toMatchObject({ numPages: 3, contentType: 'application/pdf' });
    expect(data.markdown).toContain(REPORT_PDF_PAGES[2]?.[0]);
  });

  it('bills a rendered page one credit', async () => {
    const credits = await ledger.creditsOf(async () => {
      expect((await scrape({ url: `${own.site().url}/app/rendered` })).status).toBe(200);
    });
    expect(credits).toBe(1);
  });
});

describe('browser engine: a browser crash', () => {
  it('retries the pages a killed browser held, and every scrape succeeds', async () => {
    const worker = own.stack().processes.get('scrape-worker');
    if (!worker?.pid) throw new Error('no scrape-worker process');
    const requests = Array.from({ length: 6 }, (_, index) =>
      scrape({ url: `${own.site().url}/app/rendered?copy=${index}`, waitFor: 1_500 }),
    );
    let killed: number[] = [];
    await eventually(async () => {
      killed = chromiumChildrenOf(worker.pid as number);
      expect(killed.length).toBeGreaterThan(0);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const pid of killed) process.kill(pid, 'SIGKILL');
    const results = await Promise.all(requests);
    for (const result of results) {
      expect(result.status).toBe(200);
      expect(result.data.markdown).toContain('Copper kettle');
    }
    await eventually(async () => {
      const now = chromiumChildrenOf(worker.pid as number);
      expect(now.length).toBeGreaterThan(0);
      expect(now.some((pid) => killed.includes(pid))).toBe(false);
    });
  });

  it('tries a page again when its renderer crashes', async () => {
    const worker = own.stack().processes.get('scrape-worker');
    if (!worker?.pid) throw new Error('no scrape-worker process');
    const request = scrape({ url: `${own.site().url}/app/rendered?renderer=crash`, waitFor: 3_000 });
    let killed: number[] = [];
    await eventually(async () => {
      killed = renderersBelow(worker.pid as number);
      expect(killed.length).toBeGreaterThan(0);
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const pid of renderersBelow(worker.pid)) process.kill(pid, 'SIGKILL');
    const result = await request;
    expect(result.status).toBe(200);
    expect(result.data.markdown).toContain('Copper kettle');
  });
});
