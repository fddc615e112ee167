import { callApi, type CrawlSite } from '@wh/testing';
import { startOwnCrawlSite, waitForJob } from './support/crawl-helpers';
import { sharedStack } from './support/stack-env';

const stack = sharedStack();

/** Samples of Prometheus's text format, keyed by `name{labels}` exactly as the service wrote them. */
type Samples = Map<string, number>;

async function scrapeMetrics(service: string): Promise<{ text: string; samples: Samples }> {
  const baseUrl = stack.healthUrls[service];
  if (!baseUrl) throw new Error(`no ${service} in the stack`);
  const response = await fetch(`${baseUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  const text = await response.text();
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    samples.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return { text, samples };
}

function sample(samples: Samples, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  let total = 0;
  for (const [key, value] of samples) {
    const braces = key.indexOf('{');
    const sampleName = braces < 0 ? key : key.slice(0, braces);
    if (sampleName !== name) continue;
    const labelText = braces < 0 ? '' : key.slice(braces + 1, -1);
    if (wanted.every((pair) => labelText.split(',').includes(pair))) total += value;
  }
  return total;
}

const SERVICES = ['api-gateway', 'scrape-worker', 'crawl-scheduler', 'billing-service'] as const;
type Service = (typeof SERVICES)[number];

async function scrapeAll(): Promise<Record<Service, { text: string; samples: Samples }>> {
  const entries = await Promise.all(SERVICES.map(async (service) => [service, await scrapeMetrics(service)] as const));
  return Object.fromEntries(entries) as Record<Service, { text: string; samples: Samples }>;
}

describe('Prometheus metrics', () => {
  let site: CrawlSite;
  beforeAll(async () => {
    site = await startOwnCrawlSite();
  });
  afterAll(async () => {
    await site.close();
  });

  it('are served on every health port, with process metrics', async () => {
    for (const service of Object.keys(stack.healthUrls)) {
      const { samples } = await scrapeMetrics(service);
      expect(sample(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
      expect(sample(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    }
  });

  it('move with a crawl through the API: requests, handlers, pages, frontier, credits', async () => {
    const before = await scrapeAll();
    const started = await callApi(stack, 'POST', '/v2/crawl', {
      url: `${site.origin}/docs`,
      sitemap: 'skip',
      limit: 5,
      scrapeOptions: { formats: ['markdown'], maxAge: 0 },
    });
    expect(started.status).toBe(200);
    const status = await waitForJob(stack, `/v2/crawl/${started.body.id as string}`);
    expect(status.completed).toBe(5);
    // Credits are charged after the job completes and the gateway answers; give the ledger its moment.
    let after = await scrapeAll();
    for (let waited = 0; waited < 50; waited += 1) {
      const charged = sample(after['billing-service'].samples, 'wh_credits_charged_total');
      if (charged - sample(before['billing-service'].samples, 'wh_credits_charged_total') >= 5) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = await scrapeAll();
    }
    const delta = (service: Service, name: string, labels: Record<string, string> = {}): number =>
      sample(after[service].samples, name, labels) - sample(before[service].samples, name, labels);

    const crawlStarted = { method: 'POST', route: '/v2/crawl', status: '200' };
    expect(delta('api-gateway', 'wh_http_requests_total', crawlStarted)).toBe(1);
    expect(delta('api-gateway', 'wh_http_request_duration_seconds_count', crawlStarted)).toBe(1);
    expect(delta('api-gateway', 'wh_http_request_duration_seconds_sum', crawlStarted)).toBeGreaterThan(0);
    expect(delta('api-gateway', 'wh_http_requests_total', { route: '/v2/crawl/:id', status: '200' })).toBeGreaterThan(
      0,
    );

    expect(
      delta('scrape-worker', 'wh_pages_scraped_total', { engine: 'http', outcome: 'completed' }),
    ).toBeGreaterThanOrEqual(5);
    const scrapeHandler = { consumer: 'scrape-worker-jobs', outcome: 'ack' };
    expect(delta('scrape-worker', 'wh_jetstream_handler_duration_seconds_count', scrapeHandler)).toBeGreaterThanOrEqual(
      5,
    );
    for (const stage of ['fetch', 'convert']) {
      expect(delta('scrape-worker', 'wh_scrape_stage_duration_seconds_count', { stage })).toBeGreaterThanOrEqual(5);
    }
    expect(
      sample(after['scrape-worker'].samples, 'wh_jetstream_consumer_pending_messages', {
        consumer: 'scrape-worker-jobs',
      }),
    ).toBe(0);

    const results = { consumer: 'crawl-scheduler-results', outcome: 'ack' };
    expect(delta('crawl-scheduler', 'wh_jetstream_handler_duration_seconds_count', results)).toBeGreaterThanOrEqual(5);
    expect(delta('crawl-scheduler', 'wh_crawl_pages_admitted_total')).toBeGreaterThanOrEqual(4);
    expect(after['crawl-scheduler'].text).toMatch(/^wh_crawl_frontier_pages \d+$/m);

    expect(delta('billing-service', 'wh_credits_charged_total')).toBeGreaterThanOrEqual(5);

    // Bounded cardinality: no URL, host or team of the crawl became a label value.
    for (const service of SERVICES) {
      expect(after[service].text).not.toContain(new URL(site.origin).hostname);
      expect(after[service].text).not.toContain(started.body.id as string);
    }
  }, 90_000);
});
