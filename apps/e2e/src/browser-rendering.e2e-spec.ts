import WebSocket from 'ws';
import {
  callApi,
  eventually,
  type FixtureServer,
  startFixtureServer,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@wh/testing';
import { waitForJob } from './support/crawl-helpers';
import { pngSize } from './support/png-size';
import { sharedStack } from './support/stack-env';

const stack = sharedStack();
// Chromium pages take seconds on a busy two-core machine; these bounds only stop a hung test.
jest.setTimeout(60_000);

interface ActionOutputs {
  screenshots: string[];
  scrapes: { url: string; html: string }[];
  javascriptReturns: { type: string; value: unknown }[];
  pdfs: string[];
}

interface ScrapeData {
  markdown?: string;
  screenshot?: string;
  actions?: ActionOutputs;
  metadata: Record<string, unknown>;
}

let site: FixtureServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  site = await startFixtureServer();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await site.close();
  await receiver.close();
});

async function scrape(
  body: Record<string, unknown>,
): Promise<{ status: number; data: ScrapeData; body: Record<string, unknown> }> {
  const response = await callApi(stack, 'POST', '/v2/scrape', { maxAge: 0, ...body });
  return { status: response.status, data: response.body.data as ScrapeData, body: response.body };
}

async function download(url: string): Promise<{ status: number; type: string | null; body: Buffer }> {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** The first message a job's watch socket sends: `catchup`, with the documents kept so far. */
function firstWatchMessage(path: string): Promise<{ type: string; data: { data: ScrapeData[] } }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${stack.baseUrl.replace('http', 'ws')}${path}`, stack.apiKey);
    socket.once('message', (raw: WebSocket.RawData) => {
      resolve(JSON.parse((raw as Buffer).toString()) as { type: string; data: { data: ScrapeData[] } });
      socket.close();
    });
    socket.on('error', reject);
  });
}

/** What the probe page's script saw of its visitor. */
function probeOf(markdown: string | undefined): {
  userAgent: string;
  width: number;
  touch: boolean;
  timeZone: string;
  languages: string[];
} {
  const match = /PROBE (\{.*\})/.exec(markdown ?? '');
  if (!match?.[1]) throw new Error(`the probe did not run: ${markdown}`);
  return JSON.parse(match[1]) as ReturnType<typeof probeOf>;
}

describe('browser engine: rendering', () => {
  it('renders a script-driven page on its own, and says which engine served it', async () => {
    const { status, data } = await scrape({ url: `${site.url}/app/rendered` });
    expect(status).toBe(200);
    expect(data.markdown).toContain('# Product catalogue');
    expect(data.markdown).toContain('Copper kettle: Hand-beaten');
    expect(data.metadata.engine).toBe('chromium');
  });

  it('keeps the HTTP engine for a static page', async () => {
    const { data } = await scrape({ url: `${site.url}/article` });
    expect(data.metadata.engine).toBe('http');
  });

  it('drives a form with click, write, press and wait, and keeps a scrape of each step', async () => {
    const { status, data } = await scrape({
      url: `${site.url}/app/form`,
      actions: [
        { type: 'scrape' },
        { type: 'click', selector: '#name' },
        { type: 'write', text: 'Ada Lovelace' },
        { type: 'press', key: 'Enter' },
        { type: 'wait', selector: '#greeting' },
        { type: 'executeJavascript', script: "document.getElementById('status').textContent" },
      ],
    });
    expect(status).toBe(200);
    expect(data.markdown).toContain('Hello, Ada Lovelace! Your greeting was delivered.');
    expect(data.actions?.scrapes).toHaveLength(1);
    expect(data.actions?.scrapes[0]?.html).toContain('Nobody greeted yet.');
    expect(data.actions?.javascriptReturns).toEqual([{ type: 'string', value: 'One visitor greeted.' }]);
  });

  it('loads content that appears while scrolling', async () => {
    const before = await scrape({ url: `${site.url}/app/scroll`, waitFor: 500 });
    expect(before.data.markdown).toContain('Scrolled item number 5');
    expect(before.data.markdown).not.toContain('Scrolled item number 16');
    const scroll = { type: 'scroll', direction: 'down' };
    const wait = { type: 'wait', milliseconds: 300 };
    const { data } = await scrape({
      url: `${site.url}/app/scroll`,
      actions: [scroll, wait, scroll, wait, scroll, wait, scroll, wait, scroll, wait, scroll, wait],
    });
    expect(data.markdown).toContain('Scrolled item number 16');
  });

  it('fails a failing action with an error naming it and its index', async () => {
    const { status, body } = await scrape({
      url: `${site.url}/app/form`,
      actions: [{ type: 'scrape' }, { type: 'click', selector: '#missing-button' }],
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'SCRAPE_ACTION_ERROR', details: { index: 1, type: 'click' } });
    expect(body.error).toMatch(/Action 1 \(click\)/);
  });
});

describe('browser engine: screenshots and generated PDFs', () => {
  it('takes a viewport screenshot of the requested size, served by a signed URL', async () => {
    const { status, data } = await scrape({
      url: `${site.url}/app/tall`,
      formats: ['markdown', { type: 'screenshot', viewport: { width: 800, height: 600 } }],
    });
    expect(status).toBe(200);
    expect(data.screenshot).toMatch(new RegExp(`^${stack.baseUrl}/v2/files/`));
    const file = await download(data.screenshot as string);
    expect(file.status).toBe(200);
    expect(file.type).toBe('image/png');
    expect(pngSize(file.body)).toEqual({ width: 800, height: 600 });
  });

  it('takes a full-page screenshot taller than the viewport', async () => {
    const { data } = await scrape({ url: `${site.url}/app/tall`, formats: [{ type: 'screenshot', fullPage: true }] });
    const size = pngSize((await download(data.screenshot as string)).body);
    expect(size.width).toBe(1920);
    expect(size.height).toBeGreaterThan(4000);
  });

  it('refuses a file URL whose signature, expiry or team was tampered with', async () => {
    const { data } = await scrape({ url: `${site.url}/app/tall`, formats: ['screenshot'] });
    const url = new URL(data.screenshot as string);
    const tampered = [
      new URL(url.href.replace(/signature=[^&]+/, 'signature=AAAA')),
      new URL(url.href.replace(/expires=\d+/, `expires=${Date.now() + 10 * 86_400_000}`)),
      new URL(url.href.replace(/\/v2\/files\/[^/]+\//, '/v2/files/00000000-0000-4000-8000-000000000001/')),
      new URL(`${url.origin}${url.pathname}`),
    ];
    for (const candidate of tampered) {
      const response = await callApi(stack, 'GET', `${candidate.pathname}${candidate.search}`);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('returns screenshot and pdf actions as stored files', async () => {
    const { data } = await scrape({
      url: `${site.url}/article`,
      actions: [
        { type: 'screenshot', quality: 60 },
        { type: 'pdf', format: 'A4', landscape: true },
      ],
    });
    expect(data.actions?.screenshots).toHaveLength(1);
    expect(data.actions?.pdfs).toHaveLength(1);
    const image = await download(data.actions?.screenshots[0] as string);
    expect(image.type).toBe('image/jpeg');
    const pdf = await download(data.actions?.pdfs[0] as string);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it("gives a batch scrape's screenshots as signed URLs on its status page, its watch socket and its page webhooks", async () => {
    const started = await callApi(stack, 'POST', '/v2/batch/scrape', {
      urls: [`${site.url}/article`],
      formats: ['screenshot'],
      webhook: { url: receiver.url, events: ['page'] },
    });
    expect(started.status).toBe(200);
    const id = started.body.id as string;
    const status = await waitForJob(stack, `/v2/batch/scrape/${id}`);
    const fromStatus = (status.data[0] as ScrapeData).screenshot as string;
    expect(fromStatus).toMatch(new RegExp(`^${stack.baseUrl}/v2/files/`));
    expect((await download(fromStatus)).type).toBe('image/png');

    const caughtUp = await firstWatchMessage(`/v2/batch/scrape/${id}`);
    expect(caughtUp.type).toBe('catchup');
    expect(caughtUp.data.data[0]?.screenshot).toBe(fromStatus);

    const event = await eventually(() => {
      const page = receiver.received.find((delivery) => delivery.body.id === id);
      if (!page) throw new Error('no page event yet');
      return page;
    });
    const fromWebhook = (event.body.data[0] as ScrapeData).screenshot as string;
    expect(fromWebhook).toMatch(new RegExp(`^${stack.baseUrl}/v2/files/`));
    expect((await download(fromWebhook)).type).toBe('image/png');
  });
});

describe('browser engine: emulation', () => {
  it('emulates a mobile device: viewport, user agent and touch seen by the page', async () => {
    const { data } = await scrape({ url: `${site.url}/app/probe`, mobile: true });
    const probe = probeOf(data.markdown);
    expect(probe.width).toBeLessThan(500);
    expect(probe.userAgent).toMatch(/Mobile/);
    expect(probe.touch).toBe(true);
  });

  it('shows a desktop browser without the headless marker otherwise', async () => {
    const { data } = await scrape({ url: `${site.url}/app/probe`, waitFor: 10 });
    const probe = probeOf(data.markdown);
    expect(probe.width).toBe(1920);
    expect(probe.userAgent).not.toMatch(/Headless|Mobile/);
  });

  it('emulates the time zone and languages of a location, in page script and Accept-Language', async () => {
    const { data } = await scrape({ url: `${site.url}/app/probe`, location: { country: 'DE' } });
    const probe = probeOf(data.markdown);
    expect(probe.timeZone).toBe('Europe/Berlin');
    expect(probe.languages).toEqual(['de-DE', 'de']);
    expect(data.markdown).toContain('"acceptLanguage":"de-DE,de');
  });

  it('uses the languages given with the location', async () => {
    const { data } = await scrape({
      url: `${site.url}/app/probe`,
      location: { country: 'JP', languages: ['en-GB', 'ja'] },
    });
    const probe = probeOf(data.markdown);
    expect(probe.timeZone).toBe('Asia/Tokyo');
    expect(probe.languages).toEqual(['en-GB', 'ja']);
  });

  it('sends the caller headers and cookies from the browser', async () => {
    const { data } = await scrape({
      url: `${site.url}/app/probe`,
      mobile: true,
      headers: { cookie: 'session=abc123; theme=dark', 'X-Fixture-Probe': 'hello' },
    });
    expect(data.markdown).toContain('"cookie":"session=abc123; theme=dark"');
    expect(data.markdown).toContain('"custom":"hello"');
  });
});

describe('browser engine: bad input', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown action type', { actions: [{ type: 'teleport' }] }, 'actions.0.type'],
    ['a click without selector', { actions: [{ type: 'click' }] }, 'actions.0.selector'],
    ['too many actions', { actions: Array.from({ length: 51 }, () => ({ type: 'scrape' })) }, 'actions'],
    [
      'too much waiting',
      {
        timeout: 300_000,
        actions: [
          { type: 'wait', milliseconds: 45_000 },
          { type: 'wait', milliseconds: 20_000 },
        ],
      },
      'actions',
    ],
    ['waitFor above half the timeout', { timeout: 10_000, waitFor: 6_000 }, 'waitFor'],
    [
      'a screenshot viewport that is no size',
      { formats: [{ type: 'screenshot', viewport: { width: 'wide' } }] },
      'formats.screenshot.viewport',
    ],
  ])('%s is a 400 naming the field', async (_name, options, path) => {
    const response = await callApi(stack, 'POST', '/v2/scrape', { url: `${site.url}/app/form`, ...options });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect((response.body.details as { path: string }[]).map((detail) => detail.path)).toContain(path);
  });

  it('refuses the enhanced proxy when no enhanced pool is configured', async () => {
    const response = await callApi(stack, 'POST', '/v2/scrape', {
      url: `${site.url}/article`,
      proxy: 'enhanced',
      maxAge: 0,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'UNSUPPORTED_OPTION' });
  });
});
