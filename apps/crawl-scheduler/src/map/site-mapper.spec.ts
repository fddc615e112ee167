import { gzipSync } from 'node:zlib';
import { ErrorCode, type PageLinksReply, type SiteMapRequest } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { CrawlSchedulerConfig } from '../crawl-scheduler.config';
import type { ResourceFetcher } from '../resources/resource-fetcher';
import type { KnownPage, KnownPagesRepository } from './known-pages.repository';
import { SiteMapper } from './site-mapper';
import type { StartPageReader } from './start-page-reader';

const SITE = 'https://site.test';

const urlset = (urls: readonly string[]): string =>
  `<urlset>${urls.map((url) => `<url><loc>${url.startsWith('http') ? url : SITE + url}</loc></url>`).join('')}</urlset>`;

interface FakeSite {
  files: Record<string, string | Buffer>;
  startPage?: PageLinksReply | Error;
  known?: KnownPage[];
  hang?: string;
}

const DEFAULT_SITE: FakeSite = {
  files: {
    '/robots.txt': `User-agent: *\nDisallow: /private\nSitemap: ${SITE}/index.xml`,
    '/index.xml': `<sitemapindex><sitemap><loc>${SITE}/a.xml</loc></sitemap><sitemap><loc>${SITE}/b.xml.gz</loc></sitemap></sitemapindex>`,
    '/a.xml': urlset(['/docs/guide', '/private/secret', '/docs/guide/']),
    '/b.xml.gz': gzipSync(urlset(['/blog/post?ref=feed'])),
  },
  startPage: {
    statusCode: 200,
    finalUrl: `${SITE}/`,
    title: 'Home',
    description: 'The home page',
    links: ['/about', '/docs/guide', 'https://blog.site.test/', 'https://other.test/', '/logo.png'],
  },
  known: [{ url: `${SITE}/docs/guide`, title: 'Guide', description: 'How to start' }],
};

function mapperFor(site: FakeSite, allowPrivateTargets = true) {
  const fetched: string[] = [];
  const body = (url: string): Buffer | undefined => {
    const file = site.files[url.slice(SITE.length)];
    return file === undefined ? undefined : Buffer.from(file);
  };
  const hang = (url: string): Promise<never> | undefined =>
    site.hang && url.endsWith(site.hang) ? new Promise<never>(() => undefined) : undefined;
  const fetcher = {
    fetch: async (url: string) => {
      fetched.push(url);
      const text = body(url)?.toString('utf8');
      return text === undefined
        ? { statusCode: 404, finalUrl: url, text: '' }
        : { statusCode: 200, finalUrl: url, text };
    },
    fetchBody: (url: string) => {
      fetched.push(url);
      return hang(url) ?? Promise.resolve(body(url));
    },
  } as unknown as ResourceFetcher;
  const startPageReads: string[] = [];
  const startPages = {
    read: async (url: string) => {
      startPageReads.push(url);
      if (site.startPage instanceof Error) throw site.startPage;
      return site.startPage ?? { statusCode: 404, finalUrl: url, links: [] };
    },
  } as unknown as StartPageReader;
  const knownPages = { ofSite: async () => site.known ?? [] } as unknown as KnownPagesRepository;
  const config = { ALLOW_PRIVATE_TARGETS: allowPrivateTargets } as CrawlSchedulerConfig;
  return { mapper: new SiteMapper(fetcher, startPages, knownPages, config), fetched, startPageReads };
}

function request(overrides: Partial<SiteMapRequest> = {}): SiteMapRequest {
  return {
    teamId: 'team-1',
    url: `${SITE}/`,
    sitemap: 'include',
    includeSubdomains: true,
    ignoreQueryParameters: true,
    limit: 5_000,
    deadlineAt: Date.now() + 10_000,
    ...overrides,
  };
}

describe('SiteMapper', () => {
  it('lists the start URL, then sitemap pages, then the start page links, de-duplicated, without disallowed pages', async () => {
    const { mapper } = mapperFor(DEFAULT_SITE);
    const reply = await mapper.execute(request());
    expect(reply).toEqual({
      timedOut: false,
      links: [
        { url: `${SITE}/`, title: 'Home', description: 'The home page' },
        { url: `${SITE}/docs/guide`, title: 'Guide', description: 'How to start' },
        { url: `${SITE}/blog/post` },
        { url: `${SITE}/about` },
        { url: 'https://blog.site.test/' },
      ],
    });
  });

  it('keeps query strings apart when asked to', async () => {
    const { mapper } = mapperFor(DEFAULT_SITE);
    const reply = await mapper.execute(request({ ignoreQueryParameters: false }));
    expect(reply.links.map((link) => link.url)).toContain(`${SITE}/blog/post?ref=feed`);
  });

  it('leaves subdomains out when includeSubdomains is false', async () => {
    const { mapper } = mapperFor(DEFAULT_SITE);
    const reply = await mapper.execute(request({ includeSubdomains: false }));
    expect(reply.links.map((link) => link.url)).not.toContain('https://blog.site.test/');
  });

  it('with sitemap "only" lists sitemap pages alone and never reads the start page', async () => {
    const { mapper, startPageReads } = mapperFor(DEFAULT_SITE);
    const reply = await mapper.execute(request({ sitemap: 'only' }));
    expect(reply.links.map((link) => link.url)).toEqual([`${SITE}/docs/guide`, `${SITE}/blog/post`]);
    expect(startPageReads).toEqual([]);
  });

  it('with sitemap "skip" fetches no sitemap', async () => {
    const { mapper, fetched } = mapperFor(DEFAULT_SITE);
    const reply = await mapper.execute(request({ sitemap: 'skip' }));
    expect(fetched.filter((url) => url.includes('.xml'))).toEqual([]);
    expect(reply.links.map((link) => link.url)).toEqual([
      `${SITE}/`,
      `${SITE}/about`,
      `${SITE}/docs/guide`,
      'https://blog.site.test/',
    ]);
  });

  it('stops at the limit, and with a search ranks everything found before cutting', async () => {
    const { mapper } = mapperFor(DEFAULT_SITE);
    expect((await mapper.execute(request({ limit: 2 }))).links.map((link) => link.url)).toEqual([
      `${SITE}/`,
      `${SITE}/docs/guide`,
    ]);
    const searched = await mapper.execute(request({ limit: 2, search: 'about' }));
    expect(searched.links.map((link) => link.url)).toEqual([`${SITE}/about`, `${SITE}/`]);
  });

  it('answers timedOut at the deadline while a sitemap is still being fetched', async () => {
    const { mapper } = mapperFor({ ...DEFAULT_SITE, hang: '/b.xml.gz' });
    const started = Date.now();
    const reply = await mapper.execute(request({ deadlineAt: Date.now() + 200 }));
    expect(reply.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('goes on with a warning when the start page fails, and ends when it is a refused target', async () => {
    const failing = mapperFor({
      ...DEFAULT_SITE,
      startPage: new DomainError(ErrorCode.ScrapeSiteError, 'connection reset'),
    });
    const reply = await failing.mapper.execute(request());
    expect(reply.warning).toBe('The start page could not be read: connection reset.');
    expect(reply.links.length).toBeGreaterThan(0);

    const refused = mapperFor({
      ...DEFAULT_SITE,
      startPage: new DomainError(ErrorCode.ScrapeTargetForbidden, 'private address'),
    });
    await expect(refused.mapper.execute(request())).rejects.toMatchObject({ code: ErrorCode.ScrapeTargetForbidden });
  });

  it('refuses a private start URL before fetching anything unless private targets are allowed', async () => {
    const { mapper, fetched } = mapperFor(DEFAULT_SITE, false);
    await expect(mapper.execute(request({ url: 'http://127.0.0.1:8080/' }))).rejects.toMatchObject({
      code: ErrorCode.ScrapeTargetForbidden,
    });
    expect(fetched).toEqual([]);
  });
});
