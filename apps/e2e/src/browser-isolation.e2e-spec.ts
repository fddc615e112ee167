import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AD_BANNER_TEXT, AD_HOST, callApi, COOKIE_NOTICE_TEXT, eventually, REPORT_PDF_PAGES } from '@wh/testing';
import { chromiumChildrenOf, renderersBelow } from './support/chromium-processes';
import { useOwnStack } from './support/own-stack';
import { UsageLedger } from './support/usage-ledger';

// Chromium pages take seconds on a busy two-core machine; these bounds only stop a hung test.
jest.setTimeout(120_000);

// A filter list in EasyList syntax, made here so the test needs nothing from the network.
const filterList = path.join(mkdtempSync(path.join(tmpdir(), 'wh-filters-')), 'fixture-list.txt');
writeFileSync(filterList, ['! Title: fixture ads and cookie notices', `||${AD_HOST}^`, '##.cookie-notice', ''].join('\n'));

const own = useOwnStack('browser', ['api-gateway', 'scrape-worker', 'billing-service'], {
  ADBLOCK_LISTS: filterList,
  // Chromium sends *.test names to loopback, so the ad host is served by the fixture server.
  HOST_RESOLVER_RULES: 'MAP *.test 127.0.0.1',
});

interface ScrapeData {
  markdown?: string;
  metadata: Record<string, unknown>;
}

const ledger = new UsageLedger(() => own.stack().databaseUrl);

async function scrape(body: Record<string, unknown>): Promise<{ status: number; data: ScrapeData; body: Record<string, unknown> }> {
  const response = await callApi(own.stack(), 'POST', '/v2/scrape', { maxAge: 0, ...body });
  ledger.note(response.status);
  return { status: response.status, data: response.body.data as ScrapeData, body: response.body };
}


describe('browser engine: ad blocking', () => {
  it('blocks the ad host and removes the cookie notice with the filter lists', async () => {
    const { status, data } = await scrape({ url: `${own.site().url}/app/ads`, waitFor: 200, onlyMainContent: false });
    expect(status).toBe(200);
    expect(data.markdown).toContain('Weaving on the old looms');
    expect(data.markdown).not.toContain(AD_BANNER_TEXT);
    expect(data.markdown).not.toContain(COOKIE_NOTICE_TEXT);
  });

  it('lets the ad through with blockAds false', async () => {
    const { data } = await scrape({ url: `${own.site().url}/app/ads`, waitFor: 200, onlyMainContent: false, blockAds: false });
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
    expect(data?.metadata).toMatchObject({ numPages: 3, title: 'Riverside Mills Annual Report', contentType: 'application/pdf' });
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

