import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { Client } from 'pg';
import { callApi, eventually, freePort } from '@wh/testing';
import { createSession, deleteSession } from './support/browser-sessions';
import { waitForJob } from './support/crawl-helpers';
import { useOwnStack } from './support/own-stack';

// Every vector of issue 24 against a stack with private targets disallowed (the production default): a hostile
// page on a public-looking address (PLATFORM.md: a network namespace of our own) points the browser at a canary
// on loopback, which must never see a single connection.
jest.setTimeout(90_000);

const CANARY_BODY = 'the canary answered';

/** A loopback server on 127.0.0.1 and ::1 (one port) counting every connection, whatever protocol it speaks. */
interface Canary {
  port: number;
  hits: string[];
  close(): Promise<void>;
}

async function startCanary(): Promise<Canary> {
  const hits: string[] = [];
  const servers: Server[] = [];
  const port = await freePort();
  for (const host of ['127.0.0.1', '::1']) {
    const server = createServer((request, response) => {
      hits.push(`${request.method} ${request.headers.host ?? ''}${request.url}`);
      response.end(CANARY_BODY);
    });
    server.on('connection', () => hits.push(`connection on ${host}`));
    server.on('upgrade', (request, socket) => {
      hits.push(`upgrade ${request.url}`);
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
    servers.push(server);
  }
  return {
    port,
    hits,
    close: async () => {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}

// The hostile site, run inside the namespace. Every page takes its targets from `to` query parameters.
const HOSTILE_SITE = String.raw`
const http = require('node:http');
const esc = (value) => value.replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
const page = (body) => '<!doctype html><html><head><title>hostile</title></head><body><p>A public page.</p>' + body + '</body></html>';
http.createServer((request, response) => {
  const url = new URL(request.url, 'http://site');
  const targets = url.searchParams.getAll('to');
  const json = JSON.stringify(targets).replace(/</g, '\\u003c');
  const html = (body) => { response.setHeader('content-type', 'text/html'); response.end(page(body)); };
  switch (url.pathname) {
    case '/article': return html('<article><h1>Public article</h1><p>Nothing hostile here.</p></article>');
    case '/redirect': response.writeHead(302, { location: targets[0] }); return response.end();
    case '/subresources': return html(targets.map((t) => '<img src="' + esc(t) + '"><iframe src="' + esc(t) + '"></iframe><link rel="stylesheet" href="' + esc(t) + '"><script src="' + esc(t) + '"></script>').join(''));
    case '/fetch': return html('<script>for (const t of ' + json + ') { fetch(t, { mode: "no-cors" }).catch(() => 0); const x = new XMLHttpRequest(); x.open("GET", t); x.send(); navigator.sendBeacon(t, "x"); }</script>');
    case '/websocket': return html('<script>for (const t of ' + json + ') { try { new WebSocket(t); } catch (e) {} }</script>');
    case '/worker': return html('<script>const code = "for (const t of " + JSON.stringify(' + json + ') + ") fetch(t, { mode: \"no-cors\" }).catch(() => 0);"; new Worker(URL.createObjectURL(new Blob([code])));</script>');
    case '/navigate': return html('<script>setTimeout(() => { location.href = ' + JSON.stringify(targets[0]) + '; }, 50);</script>');
    case '/window-open': return html('<script>for (const t of ' + json + ') window.open(t);</script>');
    default: response.statusCode = 404; return response.end('not found');
  }
}).listen(Number(process.env.SITE_PORT), process.env.SITE_ADDRESS, () => console.log('ready'));
`;

/** The hostile site on an address of a network namespace made for this run, and what removes it again. */
interface PublicHost {
  origin: string;
  close(): Promise<void>;
}

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: 'pipe' });
}

async function startPublicHost(): Promise<PublicHost> {
  const tag = `${process.pid % 10_000}${randomInt(100)}`;
  const namespace = `wheg${tag}`;
  const outside = `wheg${tag}o`;
  const inside = `wheg${tag}i`;
  // 11.0.0.0/8 is public address space; the /30 exists only on this veth pair, so nothing leaves the machine.
  const subnet = `11.77.${randomInt(256)}`;
  const address = `${subnet}.2`;
  ip('netns', 'add', namespace);
  const remove = (): void => {
    for (const args of [
      ['link', 'del', outside],
      ['netns', 'del', namespace],
    ]) {
      try {
        ip(...args);
      } catch {
        // Already gone.
      }
    }
  };
  let site: ChildProcess | undefined;
  try {
    ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
    ip('link', 'set', inside, 'netns', namespace);
    ip('addr', 'add', `${subnet}.1/30`, 'dev', outside);
    ip('link', 'set', outside, 'up');
    ip('netns', 'exec', namespace, 'ip', 'addr', 'add', `${address}/30`, 'dev', inside);
    ip('netns', 'exec', namespace, 'ip', 'link', 'set', inside, 'up');
    const port = 8080;
    const started = spawn('ip', ['netns', 'exec', namespace, process.execPath, '-e', HOSTILE_SITE], {
      env: { ...process.env, SITE_PORT: String(port), SITE_ADDRESS: address },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    site = started;
    await new Promise<void>((resolve, reject) => {
      started.stdout?.once('data', () => resolve());
      started.once('exit', (code) => reject(new Error(`the hostile site exited with ${code}`)));
    });
    return {
      origin: `http://${address}:${port}`,
      close: async () => {
        started.kill();
        await new Promise((resolve) => (started.exitCode !== null ? resolve(null) : started.once('exit', resolve)));
        remove();
      },
    };
  } catch (error) {
    site?.kill();
    remove();
    throw error;
  }
}

let canary: Canary;
let host: PublicHost;

beforeAll(async () => {
  canary = await startCanary();
  host = await startPublicHost();
}, 30_000);
afterAll(async () => {
  await host?.close();
  await canary?.close();
});

const own = useOwnStack(
  'egress',
  ['api-gateway', 'scrape-worker', 'billing-service', 'browser-session-manager', 'crawl-scheduler'],
  () => ({
    ALLOW_PRIVATE_TARGETS: 'false',
    // A name that the worker's resolver maps to loopback, next to `vm`, which /etc/hosts maps there.
    HOST_RESOLVER_RULES: 'MAP canary.test 127.0.0.1',
    BROWSER_WARM_POOL_SIZE: '0',
  }),
);

beforeEach(() => {
  canary.hits.length = 0;
});

/** Every way of naming the canary: loopback spelled as browsers and URL parsers accept it, and names for it. */
const CANARY_SPELLINGS = [
  '127.0.0.1',
  '127.1',
  '0x7f.1',
  '2130706433',
  '0177.0.0.1',
  '[::1]',
  '[::ffff:127.0.0.1]',
  '0.0.0.0',
  // /etc/hosts maps the machine's own name to loopback.
  'vm',
  // Only the scrape-worker maps this one (HOST_RESOLVER_RULES); sessions have no mapping.
  'canary.test',
];
const SESSION_SPELLINGS = CANARY_SPELLINGS.filter((spelling) => spelling !== 'canary.test');

function canaryUrl(spelling: string, scheme = 'http'): string {
  return `${scheme}://${spelling}:${canary.port}/`;
}

function canaryTargets(scheme = 'http', spellings = CANARY_SPELLINGS): string[] {
  return spellings.map((spelling) => canaryUrl(spelling, scheme));
}

function hostileUrl(path: string, targets: string[]): string {
  const query = targets.map((target) => `to=${encodeURIComponent(target)}`).join('&');
  return `${host.origin}${path}?${query}`;
}

async function browserScrape(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  // waitFor sends the scrape to Chromium and gives the page's own requests time to happen.
  return callApi(own.stack(), 'POST', '/v2/scrape', { url, waitFor: 1500, maxAge: 0, timeout: 30_000 });
}

describe('scrapes in Chromium with private targets disallowed', () => {
  it('renders a public page through the egress guard', async () => {
    const response = await browserScrape(`${host.origin}/article`);
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.body)).toContain('Nothing hostile here');
  });

  it.each(CANARY_SPELLINGS)('refuses %s as the URL of a browser scrape', async (spelling) => {
    const response = await browserScrape(canaryUrl(spelling));
    expect(response.body.success).toBe(false);
    expect(canary.hits).toEqual([]);
  });

  it.each(CANARY_SPELLINGS)('does not follow a redirect to %s', async (spelling) => {
    const response = await browserScrape(hostileUrl('/redirect', [canaryUrl(spelling)]));
    expect(JSON.stringify(response.body)).not.toContain(CANARY_BODY);
    expect(canary.hits).toEqual([]);
  });

  it.each([
    ['img, iframe, stylesheet and script subresources', '/subresources', 'http'],
    ['fetch, XHR and beacons of a page script', '/fetch', 'http'],
    ['WebSockets', '/websocket', 'ws'],
    ["a dedicated worker's fetch", '/worker', 'http'],
    ['windows the page opens (new targets)', '/window-open', 'http'],
  ])('lets none of %s reach loopback', async (_name, path, scheme) => {
    const response = await browserScrape(hostileUrl(path, canaryTargets(scheme)));
    expect(response.status).toBe(200);
    expect(canary.hits).toEqual([]);
  });

  it.each(['127.0.0.1', 'vm'])('does not follow a script navigation to %s', async (spelling) => {
    const response = await browserScrape(hostileUrl('/navigate', [canaryUrl(spelling)]));
    expect(response.status).toBeLessThan(500);
    expect(canary.hits).toEqual([]);
  });
});

describe('remote browser sessions with private targets disallowed', () => {
  let session: { id: string; cdpUrl: string };
  let browser: Browser;

  beforeAll(async () => {
    session = await createSession(own.stack(), { ttl: 300 });
    browser = await puppeteer.connect({ browserWSEndpoint: session.cdpUrl, protocolTimeout: 30_000 });
  }, 60_000);
  afterAll(async () => {
    await browser?.disconnect();
    if (session) await deleteSession(own.stack(), session.id);
  });

  async function freshPage(): Promise<Page> {
    return browser.newPage();
  }

  /** Lets the page's own requests happen before the canary is read. */
  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  it('loads a public page through the egress guard', async () => {
    const page = await freshPage();
    await page.goto(`${host.origin}/article`);
    expect(await page.content()).toContain('Nothing hostile here');
    await page.close();
  });

  it.each(SESSION_SPELLINGS)('Page.navigate to %s is refused', async (spelling) => {
    const page = await freshPage();
    await page.goto(canaryUrl(spelling)).catch(() => undefined);
    await page.close();
    expect(canary.hits).toEqual([]);
  });

  it('Page.navigate to a public page that redirects to loopback ends on a refusal naming the reason', async () => {
    const page = await freshPage();
    await page.goto(hostileUrl('/redirect', [`http://127.0.0.1:${canary.port}/`])).catch(() => undefined);
    const text = await page.evaluate('document.body ? document.body.innerText : ""');
    await page.close();
    expect(canary.hits).toEqual([]);
    expect(text).toMatch(/loopback/);
  });

  it('Target.createTarget with a URL that redirects to loopback opens no connection to it', async () => {
    const client = await browser.target().createCDPSession();
    const { targetId } = await client.send('Target.createTarget', {
      url: hostileUrl('/redirect', [`http://vm:${canary.port}/`]),
    });
    await pause(1500);
    await client.send('Target.closeTarget', { targetId });
    await client.detach();
    expect(canary.hits).toEqual([]);
  });

  it.each([
    ['a blank page', () => 'about:blank'],
    ['a public page', () => `${host.origin}/article`],
  ])('Runtime.evaluate(fetch(...)) on %s reaches no loopback spelling', async (_name, start) => {
    const page = await freshPage();
    await page.goto(start());
    const targets = canaryTargets('http', SESSION_SPELLINGS);
    await page.evaluate(
      `Promise.all(${JSON.stringify(targets)}.map((t) => fetch(t, { mode: 'no-cors' }).catch(() => undefined)))`,
    );
    await page.close();
    expect(canary.hits).toEqual([]);
  });

  it.each([
    ['a script navigation', '/navigate'],
    ['subresources', '/subresources'],
    ['WebSockets', '/websocket'],
    ['windows the page opens', '/window-open'],
  ])("a public page's %s reach no loopback address", async (_name, path) => {
    const page = await freshPage();
    const scheme = path === '/websocket' ? 'ws' : 'http';
    const targets =
      path === '/navigate' ? [`http://127.0.0.1:${canary.port}/`] : canaryTargets(scheme, SESSION_SPELLINGS);
    await page.goto(hostileUrl(path, targets)).catch(() => undefined);
    await pause(1500);
    for (const opened of await browser.pages())
      if (opened !== page && opened.url() !== 'about:blank') await opened.close();
    await page.close();
    expect(canary.hits).toEqual([]);
  });

  it('Target.createBrowserContext with a proxy of its own is refused', async () => {
    const client = await browser.target().createCDPSession();
    const attempt = client.send('Target.createBrowserContext', { proxyServer: 'direct://' });
    await expect(attempt).rejects.toThrow(/proxy/);
    await client.detach();
  });
});

describe('crawl webhooks with private targets disallowed', () => {
  /** The job's webhook deliveries once none is still to be tried: each delivered or failed for good. */
  async function settledDeliveries(jobId: string): Promise<{ status: string; last_error: string | null }[]> {
    const client = new Client({ connectionString: own.stack().databaseUrl });
    await client.connect();
    try {
      return await eventually(
        async () => {
          const { rows } = await client.query<{ status: string; last_error: string | null }>(
            'select status, last_error from webhook_deliveries where job_id = $1',
            [jobId],
          );
          if (rows.length === 0 || rows.some((row) => row.status !== 'delivered' && row.status !== 'failed'))
            throw new Error(`deliveries still under way: ${JSON.stringify(rows)}`);
          return rows;
        },
        { timeoutMs: 30_000, intervalMs: 250 },
      );
    } finally {
      await client.end();
    }
  }

  it.each(['127.0.0.1', '[::1]', 'vm', '2130706433'])('never deliver to %s', async (spelling) => {
    const started = await callApi(own.stack(), 'POST', '/v2/crawl', {
      url: `${host.origin}/article`,
      limit: 1,
      webhook: { url: `${canaryUrl(spelling)}hook` },
    });
    if (started.status === 200) {
      const jobId = String(started.body.id);
      await waitForJob(own.stack(), `/v2/crawl/${jobId}`);
      const deliveries = await settledDeliveries(jobId);
      expect(deliveries.map((delivery) => delivery.status)).not.toContain('delivered');
      expect(deliveries[0]?.last_error).toMatch(/cannot be scraped/);
    } else {
      expect(started.status).toBeLessThan(500);
    }
    expect(canary.hits).toEqual([]);
  });
});

/**
 * An operator's proxy as common ones are: plain absolute-form requests and CONNECT tunnels to wherever they name
 * (it runs outside the namespace, so it reaches both the hostile host and the canary), Basic credentials required.
 * It records every destination it is asked for.
 */
interface OperatorProxy {
  url: string;
  targets: string[];
  close(): Promise<void>;
}

async function startOperatorProxy(credentials: string): Promise<OperatorProxy> {
  const expected = `Basic ${Buffer.from(credentials).toString('base64')}`;
  const targets: string[] = [];
  const challenge = 'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="operator"\r\n';
  const server = createServer((request, response) => {
    if (request.headers['proxy-authorization'] !== expected) {
      response.writeHead(407, { 'proxy-authenticate': 'Basic realm="operator"', 'content-length': '0' });
      response.end();
      return;
    }
    const target = new URL(request.url ?? '');
    targets.push(target.host);
    const headers = { ...request.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const outgoing = httpRequest(target, { method: request.method, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    outgoing.on('error', () => response.destroy());
    request.pipe(outgoing);
  });
  server.on('connect', (request, client: Socket, head: Buffer) => {
    if (request.headers['proxy-authorization'] !== expected) {
      client.end(`${challenge}Content-Length: 0\r\n\r\n`);
      return;
    }
    const target = request.url ?? '';
    targets.push(target);
    const [, hostPart = '', port = ''] = /^\[?([^\]]+?)\]?:(\d+)$/.exec(target) ?? [];
    const remote = connect({ host: hostPart, port: Number(port) }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      remote.write(head);
      remote.pipe(client);
      client.pipe(remote);
    });
    remote.on('error', () => client.destroy());
    client.on('error', () => remote.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${credentials}@127.0.0.1:${port}`,
    targets,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe("scrapes through an operator's proxy with private targets disallowed", () => {
  let operator: OperatorProxy | undefined;
  const env: NodeJS.ProcessEnv = { ALLOW_PRIVATE_TARGETS: 'false', BROWSER_WARM_POOL_SIZE: '0' };
  beforeAll(async () => {
    operator = await startOperatorProxy('operator:secret');
    env.PROXY_BASIC = operator.url;
  });
  afterAll(async () => {
    await operator?.close();
  });
  const proxied = useOwnStack('egress-proxy', ['api-gateway', 'scrape-worker', 'billing-service'], () => env);

  function proxiedScrape(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
    return callApi(proxied.stack(), 'POST', '/v2/scrape', {
      url,
      proxy: 'basic',
      waitFor: 1500,
      maxAge: 0,
      timeout: 30_000,
    });
  }

  it('renders a public page through the guard and the operator proxy, which is asked for the checked address', async () => {
    const response = await proxiedScrape(`${host.origin}/article`);
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.body)).toContain('Nothing hostile here');
    expect(operator?.targets).toContain(new URL(host.origin).host);
  });

  it.each([
    ['subresources', '/subresources', 'http'],
    ['WebSockets', '/websocket', 'ws'],
    ['windows the page opens', '/window-open', 'http'],
  ])("lets none of a page's %s reach loopback through the operator proxy", async (_name, path, scheme) => {
    const asked = operator?.targets.length ?? 0;
    await proxiedScrape(hostileUrl(path, canaryTargets(scheme)));
    expect(canary.hits).toEqual([]);
    const hostileHost = new URL(host.origin).host;
    expect(operator?.targets.slice(asked).filter((target) => target !== hostileHost)).toEqual([]);
  });
});
