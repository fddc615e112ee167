import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { listenOnLoopback } from '../fixture-server/loopback-listener';

/** Options of {@link startCrawlSite}. */
export interface CrawlSiteOptions {
  /** Host name the site's absolute links use; map it (and its subdomains) to 127.0.0.1 for the crawler. */
  host: string;
  /** Crawl-delay line in robots.txt, in seconds. */
  crawlDelaySeconds?: number;
  /** Extra generated pages under /bulk/, in sections of 25, for crawls larger than the hand-made site. */
  bulkPages?: number;
  /** Bytes of filler text on each bulk page. */
  bulkPageBytes?: number;
  /** Each bulk page answers after this many ms, so a crawl lasts long enough to break things during it. */
  bulkPageDelayMs?: number;
}

/** One request the site received. */
export interface CrawlSiteHit {
  host: string;
  path: string;
  /** Epoch ms the request arrived. */
  at: number;
}

/** A running crawl test site. */
export interface CrawlSite {
  /** `http://<host>:<port>`, the site's origin as the crawler sees it. */
  origin: string;
  port: number;
  /** Every request received, in order. */
  hits: CrawlSiteHit[];
  /** The most requests the site was answering at one time. */
  maxInFlight(): number;
  /** Paths requested on `host` (the main site), with their query. */
  pathsFetched(host?: string): string[];
  close(): Promise<void>;
}

const page = (title: string, links: readonly string[], body = ''): string =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>` +
  `<p>The ${title} page of the crawl test site, with enough words to be main content for every extractor.</p>${body}` +
  `<ul>${links.map((href) => `<li><a href="${href}">${href}</a></li>`).join('')}</ul></main></body></html>`;

/**
 * A small web site for crawl tests, served on loopback for any Host header: nested sections, robots.txt rules,
 * a sitemap index with a plain and a gzipped sitemap, query-string and slash variants of one page, a redirect,
 * broken pages, an external link and a subdomain (`blog.<host>`). It logs every request so tests can check that
 * nothing is fetched twice and nothing disallowed is fetched at all.
 */
export async function startCrawlSite(options: CrawlSiteOptions): Promise<CrawlSite> {
  const hits: CrawlSiteHit[] = [];
  let origin = '';
  const sub = (): string => origin.replace('://', '://blog.');

  const routes: Record<
    string,
    () => [number, string, string | Buffer] | [number, string, string | Buffer, Record<string, string>]
  > = {
    '/robots.txt': () => [
      200,
      'text/plain',
      [
        'User-agent: *',
        'Disallow: /private',
        ...(options.crawlDelaySeconds ? [`Crawl-delay: ${options.crawlDelaySeconds}`] : []),
        `Sitemap: ${origin}/sitemap-index.xml`,
        '',
      ].join('\n'),
    ],
    '/sitemap-index.xml': () => [
      200,
      'application/xml',
      `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
        `<sitemap><loc>${origin}/sitemaps/pages.xml</loc></sitemap><sitemap><loc>${origin}/sitemaps/archive.xml.gz</loc></sitemap></sitemapindex>`,
    ],
    '/sitemaps/pages.xml': () => [200, 'application/xml', urlset([`${origin}/docs/guide`, `${origin}/blog/post-3`])],
    '/sitemaps/archive.xml.gz': () => [200, 'application/gzip', gzipSync(urlset([`${origin}/docs/archive`]))],
    '/': () => [
      200,
      'text/html',
      page('Home', [
        '/docs',
        '/blog',
        '/about',
        '/private/secret',
        '/docs?page=2',
        '/docs#install',
        `${origin.replace('http://', 'http://www.')}/about`,
        '/old-docs',
        '/broken',
        '/missing',
        '/logo.png',
        'mailto:team@example.com',
        'http://external.test/',
        `${sub()}/`,
        ...(options.bulkPages ? ['/bulk/0'] : []),
      ]),
    ],
    '/docs': () => [
      200,
      'text/html',
      page('Docs', [
        '/docs/intro',
        '/docs/intro/',
        '/docs/index.html',
        '/docs/advanced?b=2&a=1',
        '/docs/advanced?a=1&b=2',
        '/blog',
      ]),
    ],
    '/docs/intro': () => [200, 'text/html', page('Intro', ['/docs/intro/deep'])],
    '/docs/intro/deep': () => [200, 'text/html', page('Deep', ['/docs/intro/deep/deeper'])],
    '/docs/intro/deep/deeper': () => [200, 'text/html', page('Deeper', ['/'])],
    '/docs/advanced': () => [200, 'text/html', page('Advanced', ['/docs'])],
    '/docs/guide': () => [200, 'text/html', page('Guide', [])],
    '/docs/archive': () => [200, 'text/html', page('Archive', [])],
    '/blog': () => [200, 'text/html', page('Blog', ['/blog/post-1', '/blog/post-2'])],
    '/blog/post-1': () => [200, 'text/html', page('Post one', ['/'])],
    '/blog/post-2': () => [200, 'text/html', page('Post two', ['/'])],
    '/blog/post-3': () => [200, 'text/html', page('Post three', [])],
    '/about': () => [200, 'text/html', page('About', [])],
    '/private/secret': () => [200, 'text/html', page('Secret', [])],
    '/old-docs': () => [301, 'text/html', '', { location: '/docs/moved' }],
    '/docs/moved': () => [200, 'text/html', page('Moved', [])],
    '/broken': () => [500, 'text/html', page('Server error', [])],
  };

  const bulk = (path: string): [number, string, string] | undefined => {
    const match = /^\/bulk\/(\d+)$/.exec(path);
    const total = options.bulkPages ?? 0;
    if (!match || Number(match[1]) >= total) return undefined;
    const index = Number(match[1]);
    // A tree: every page links to its next ten, so the whole section is reachable in a few hops.
    const links = Array.from({ length: 10 }, (_, offset) => index * 10 + offset + 1)
      .filter((next) => next < total)
      .map((next) => `/bulk/${next}`);
    const filler = `<p>${'Bulk content for throughput and pagination tests. '.repeat(Math.ceil((options.bulkPageBytes ?? 0) / 51))}</p>`;
    return [200, 'text/html', page(`Bulk page ${index}`, links, filler)];
  };

  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://placeholder');
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => {
      inFlight -= 1;
    });
    if (options.bulkPageDelayMs && url.pathname.startsWith('/bulk/')) {
      setTimeout(() => respond(req, res, url), options.bulkPageDelayMs);
      return;
    }
    respond(req, res, url);
  });
  const respond = (req: IncomingMessage, res: ServerResponse, url: URL): void => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    hits.push({ host, path: `${url.pathname}${url.search}`, at: Date.now() });
    let route: ReturnType<(typeof routes)[string]> | undefined;
    if (host.startsWith('blog.')) {
      route =
        url.pathname === '/'
          ? [200, 'text/html', page('Blog subdomain', ['/sub-post'])]
          : url.pathname === '/sub-post'
            ? [200, 'text/html', page('Sub post', [])]
            : undefined;
    } else {
      route = routes[url.pathname]?.() ?? bulk(url.pathname);
    }
    const [status, type, body, headers] = route ?? [404, 'text/html', page('Not found', [])];
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': type, 'content-length': String(bytes.length), ...(headers ?? {}) });
    res.end(bytes);
  };
  const listener = await listenOnLoopback(server);
  const { port } = listener;
  origin = `http://${options.host}:${port}`;
  return {
    origin,
    port,
    hits,
    maxInFlight: () => maxInFlight,
    pathsFetched: (host = options.host) => hits.filter((hit) => hit.host === host).map((hit) => hit.path),
    close: listener.close,
  };
}

function urlset(urls: readonly string[]): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
    urls.map((url) => `<url><loc>${url}</loc></url>`).join('') +
    '</urlset>'
  );
}
