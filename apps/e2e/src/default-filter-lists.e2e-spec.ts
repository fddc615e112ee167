import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callApi, CRAWL_TEST_DOMAIN } from '@wh/testing';
import { sharedStack } from './support/stack-env';

// Chromium pages take seconds on a busy two-core machine; these bounds only stop a hung test.
jest.setTimeout(60_000);

const stack = sharedStack();

const CONSENT_TEXT = 'We use cookies to improve your experience';

// The shared stack runs with ADBLOCK_LISTS unset: the default lists of Debian's webext-ublock-origin-chromium and
// our consent-notice rules. Paths an EasyList or EasyPrivacy rule blocks on any site, and two it does not.
const ARTICLE = `<!doctype html><html><head><title>Harbour news</title>
<script src="/adserver.js"></script><script src="/matomo.js"></script><script src="/site.js"></script></head>
<body><main><h1>The ferry runs again</h1>
<p>After a winter in the dry dock, the old ferry crossed the harbour this morning with forty passengers aboard.</p>
<img src="/banner-ad.gif" alt="advert"><img src="/logo.png" alt="harbour logo"></main>
<div id="onetrust-consent-sdk"><div id="onetrust-banner-sdk"><p>${CONSENT_TEXT}. <button>Accept all cookies</button></p></div></div>
</body></html>`;

/** A loopback site that counts what was fetched from it. */
class CountingSite {
  readonly hits = new Map<string, number>();
  private server: Server | undefined;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const pathname = new URL(request.url ?? '/', 'http://site').pathname;
      this.hits.set(pathname, (this.hits.get(pathname) ?? 0) + 1);
      if (pathname === '/article') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
      } else if (pathname.endsWith('.js')) {
        response.writeHead(200, { 'content-type': 'text/javascript' }).end('void 0;');
      } else {
        response.writeHead(200, { 'content-type': 'image/gif' }).end(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'));
      }
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server?.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const closed = new Promise((resolve) => this.server?.close(resolve));
    // Chromium keeps its sockets to the site open (and may hold one it preconnected without a request), which close()
    // would wait for until the server's own timeouts, past the hook's bound; the tests are done with them.
    this.server?.closeAllConnections();
    await closed;
  }
}

const site = new CountingSite();
beforeAll(() => site.start());
afterAll(() => site.stop());

/**
 * Scrapes the article in Chromium (`waitFor`) under a host name the stack maps to loopback: EasyList turns its
 * generic hiding rules off for 127.0.0.1 and localhost, as uBlock does for pages you develop.
 */
async function scrapeArticle(host: string, blockAds: boolean): Promise<string> {
  const response = await callApi(stack, 'POST', '/v2/scrape', {
    url: `http://${host}.${CRAWL_TEST_DOMAIN}:${site.port}/article`,
    waitFor: 200,
    onlyMainContent: false,
    maxAge: 0,
    blockAds,
  });
  expect(response.status).toBe(200);
  const data = response.body.data as { markdown: string; metadata: { engine: string } };
  expect(data.metadata.engine).toBe('chromium');
  return data.markdown;
}

describe('blockAds with the default filter lists', () => {
  it('never requests the ad and the tracker EasyList and EasyPrivacy block, and drops the consent banner', async () => {
    site.hits.clear();
    const markdown = await scrapeArticle('blocking', true);
    expect(markdown).toContain('The ferry runs again');
    expect(markdown).not.toContain(CONSENT_TEXT);
    expect(site.hits.get('/site.js')).toBe(1);
    expect(site.hits.get('/logo.png')).toBe(1);
    expect(site.hits.get('/adserver.js')).toBeUndefined();
    expect(site.hits.get('/matomo.js')).toBeUndefined();
    expect(site.hits.get('/banner-ad.gif')).toBeUndefined();
  });

  it('fetches all of it and keeps the banner with blockAds false', async () => {
    site.hits.clear();
    const markdown = await scrapeArticle('unblocked', false);
    expect(markdown).toContain(CONSENT_TEXT);
    for (const path of ['/site.js', '/logo.png', '/adserver.js', '/matomo.js', '/banner-ad.gif'])
      expect(site.hits.get(path)).toBe(1);
  });
});
