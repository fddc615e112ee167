import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Subscription } from 'nats';
import {
  ErrorCode,
  FetchResourceRequest,
  PageLinksRequest,
  type SiteMapRequest,
  SiteMapRequest as SiteMapRequestClass,
  Subjects,
} from '@wh/contracts';
import { createLogger } from '@wh/platform/logging';
import { NatsRequester, serveRequests } from '@wh/platform/messaging';
import { crawlJobRow, crawlPageRow, testDatabase, testNats } from '@wh/testing';
import type { CrawlSchedulerConfig } from '../crawl-scheduler.config';
import type { CrawlDatabase } from '../database/crawl-database';
import { ResourceFetcher } from '../resources/resource-fetcher';
import { KnownPagesRepository } from './known-pages.repository';
import { SiteMapHandler } from './site-map.handler';
import { SiteMapper } from './site-mapper';
import { StartPageReader } from './start-page-reader';

const SITE = 'http://map.crawl.test';
const BULK_PAGES = 20_000;

const urlset = (paths: readonly string[]): string =>
  `<urlset>${paths.map((path) => `<url><loc>${SITE}${path}</loc></url>`).join('')}</urlset>`;

/** The site's files as the scrape-worker would fetch them; the worker itself is covered by the e2e tests. */
const FILES: Record<string, Buffer> = {
  '/robots.txt': Buffer.from(`Sitemap: ${SITE}/sitemap-index.xml\n`),
  '/sitemap-index.xml': Buffer.from(
    `<sitemapindex><sitemap><loc>${SITE}/pages.xml</loc></sitemap><sitemap><loc>${SITE}/bulk.xml.gz</loc></sitemap></sitemapindex>`,
  ),
  '/pages.xml': Buffer.from(urlset(['/docs', '/pricing'])),
  '/bulk.xml.gz': gzipSync(urlset(Array.from({ length: BULK_PAGES }, (_, index) => `/bulk/${index}`))),
};

describe('crawl.site.map on a real NATS and Postgres', () => {
  const database = testDatabase<CrawlDatabase>();
  const nats = testNats();
  const subscriptions: Subscription[] = [];
  let requester: NatsRequester;
  const teamId = randomUUID();

  function mapRequest(overrides: Partial<SiteMapRequest> = {}): SiteMapRequest {
    return {
      teamId,
      url: `${SITE}/`,
      sitemap: 'include',
      includeSubdomains: true,
      ignoreQueryParameters: true,
      limit: 5_000,
      deadlineAt: Date.now() + 20_000,
      ...overrides,
    };
  }

  beforeAll(async () => {
    const logger = createLogger('integration-test', 'silent');
    const client = nats.client;
    requester = new NatsRequester(client);
    subscriptions.push(
      serveRequests(client, logger, Subjects.resourceFetch, FetchResourceRequest, async ({ url }) => {
        const body = FILES[new URL(url).pathname];
        return {
          statusCode: body ? 200 : 404,
          finalUrl: url,
          contentType: 'application/xml',
          bodyBase64: (body ?? Buffer.alloc(0)).toString('base64'),
        };
      }),
      serveRequests(client, logger, Subjects.pageLinksFetch, PageLinksRequest, async ({ url, languages }) => ({
        statusCode: 200,
        finalUrl: url,
        title: `Home (${languages?.join(',') ?? 'any language'})`,
        links: ['/about', '/docs/'],
      })),
    );
    const mapper = new SiteMapper(
      new ResourceFetcher(requester),
      new StartPageReader(requester),
      new KnownPagesRepository(database.db),
      { ALLOW_PRIVATE_TARGETS: true } as CrawlSchedulerConfig,
    );
    const handler = new SiteMapHandler(mapper);
    subscriptions.push(
      serveRequests(client, logger, Subjects.siteMap, SiteMapRequestClass, (request) => handler.map(request)),
    );

    // Pages kept by earlier crawls: the team's own (one of them under zero data retention), another team's.
    const own = crawlJobRow(teamId, { kind: 'crawl' });
    const secret = crawlJobRow(teamId, { kind: 'crawl', zero_data_retention: true });
    const foreign = crawlJobRow(randomUUID(), { kind: 'crawl' });
    await database.db.insertInto('crawl_jobs').values([own, secret, foreign]).execute();
    const kept = (job: typeof own, path: string, title: string) =>
      crawlPageRow(job, {
        url: `${SITE}${path}`,
        url_key: `map.crawl.test${path}`,
        state: 'completed',
        finished_at: new Date(),
        document: JSON.stringify({ markdown: '# x', metadata: { title, description: `About ${title}` } }),
      });
    await database.db
      .insertInto('crawl_pages')
      .values([
        kept(own, '/pricing', 'Pricing'),
        kept(own, '/changelog', 'Changelog'),
        { ...kept(own, '/elsewhere', 'Other site'), url: 'http://other.crawl.test/x', url_key: 'other.crawl.test/x' },
        kept(secret, '/hidden', 'Hidden'),
        kept(foreign, '/foreign', 'Foreign'),
      ])
      .execute();
  });

  afterAll(() => {
    for (const subscription of subscriptions) subscription.unsubscribe();
  });

  it('answers with sitemap pages, start page links and the team’s kept pages with their titles', async () => {
    const reply = await requester.request(
      Subjects.siteMap,
      mapRequest({ limit: 6, languages: ['de-DE', 'de'] }),
      30_000,
    );
    expect(reply).toEqual({
      timedOut: false,
      links: [
        { url: `${SITE}/`, title: 'Home (de-DE,de)' },
        { url: `${SITE}/docs` },
        { url: `${SITE}/pricing`, title: 'Pricing', description: 'About Pricing' },
        { url: `${SITE}/bulk/0` },
        { url: `${SITE}/bulk/1` },
        { url: `${SITE}/bulk/2` },
      ],
    });
  });

  it('adds kept pages after the discovered ones, never another team’s or a zero-data-retention job’s', async () => {
    const reply = await requester.request(
      Subjects.siteMap,
      mapRequest({ sitemap: 'skip', headers: { cookie: 'a=b' } }),
      30_000,
    );
    expect(reply.links).toEqual([
      { url: `${SITE}/`, title: 'Home (any language)' },
      { url: `${SITE}/about` },
      { url: `${SITE}/docs/` },
      { url: `${SITE}/changelog`, title: 'Changelog', description: 'About Changelog' },
      { url: `${SITE}/pricing`, title: 'Pricing', description: 'About Pricing' },
    ]);
  });

  it('carries a map of every page of a large gzipped sitemap, ranked by a search', async () => {
    const reply = await requester.request(
      Subjects.siteMap,
      mapRequest({ sitemap: 'only', limit: 100_000, search: 'pricing' }),
      30_000,
    );
    expect(reply.links).toHaveLength(BULK_PAGES + 2);
    expect(reply.links[0]).toEqual({ url: `${SITE}/pricing`, title: 'Pricing', description: 'About Pricing' });
  });

  it('refuses a request that breaks the contract', async () => {
    await expect(
      requester.request(Subjects.siteMap, { ...mapRequest(), limit: 100_001 }, 10_000),
    ).rejects.toMatchObject({ code: ErrorCode.BadRequest });
  });
});
