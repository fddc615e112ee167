import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../fixture-server/loopback-listener';
import { gzipSync } from 'node:zlib';

/** Sitemaps built to hurt a reader, listed in robots.txt when asked for. */
export type HostileSitemap = 'billion-laughs' | 'gzip-bomb' | 'self-listing';

/** Options of {@link startMapSite}. */
export interface MapSiteOptions {
  /** Host name of the site's absolute URLs; map it and its subdomains (`blog.<host>`) to 127.0.0.1. */
  host: string;
  /** Extra sitemaps robots.txt names after the real ones. */
  hostile?: readonly HostileSitemap[];
  /** A sitemap that answers only after this many ms, listed first in robots.txt (for timeouts). */
  slowSitemapMs?: number;
  /** Generated pages listed in a sitemap index of 1,000 URLs per gzipped sitemap, instead of the hand-made sitemaps. */
  sitemapPages?: number;
  /** Generated pages linked from the home page, with no sitemap at all (robots.txt names none, /sitemap.xml is 404). */
  linkedPages?: number;
}

/** A running map test site. */
export interface MapSite {
  origin: string;
  /** Paths requested, with their query, per host name. */
  pathsFetched(host?: string): string[];
  close(): Promise<void>;
}

/** The 1 GB of the gzip bomb, as concatenated gzip members of 1 MB each (readers must accept several members). */
const BOMB_MEMBERS = 1024;

const urlset = (urls: readonly string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
  urls.map((url) => `<url><loc>${url}</loc></url>`).join('') +
  `</urlset>`;

const sitemapIndex = (urls: readonly string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
  urls.map((url) => `<sitemap><loc>${url}</loc></sitemap>`).join('') +
  `</sitemapindex>`;

const page = (title: string, description: string, links: readonly string[]): string =>
  `<!doctype html><html><head><title>${title}</title><meta name="description" content="${description}"></head>` +
  `<body><h1>${title}</h1><ul>${links.map((href) => `<li><a href="${href}">${href}</a></li>`).join('')}</ul></body></html>`;

function gzipBomb(head: string): Buffer {
  const member = gzipSync(Buffer.alloc(1024 * 1024, ' '));
  return Buffer.concat([gzipSync(head), ...Array.from({ length: BOMB_MEMBERS }, () => member)]);
}

type Route = [number, string, string | Buffer];

/**
 * A site for map tests on loopback: robots.txt naming a sitemap index (a plain and a gzipped sitemap, and itself)
 * and a second sitemap, URLs on a subdomain, with query strings and as slash variants, a home page with more links,
 * a subdomain with its own robots.txt, and on request hostile sitemaps, a slow one, or generated pages in bulk.
 */
export async function startMapSite(options: MapSiteOptions): Promise<MapSite> {
  const hits: { host: string; path: string }[] = [];
  let origin = '';
  const blog = (): string => origin.replace('://', '://blog.');
  let bomb: Buffer | undefined;

  const robots = (): string => {
    const sitemaps: string[] = [];
    if (options.slowSitemapMs) sitemaps.push(`${origin}/slow-sitemap.xml`);
    if (options.sitemapPages) sitemaps.push(`${origin}/bulk-index.xml`);
    else if (!options.linkedPages) sitemaps.push(`${origin}/sitemap-index.xml`, `${origin}/extra-sitemap.xml`);
    for (const hostile of options.hostile ?? []) sitemaps.push(`${origin}/hostile/${hostile}.xml`);
    return ['User-agent: *', 'Disallow: /private', ...sitemaps.map((url) => `Sitemap: ${url}`), ''].join('\n');
  };

  const routes: Record<string, () => Route> = {
    '/robots.txt': () => [200, 'text/plain', robots()],
    '/sitemap-index.xml': () => [
      200,
      'application/xml',
      sitemapIndex([
        `${origin}/sitemaps/pages.xml`,
        `${origin}/sitemaps/archive.xml.gz`,
        `${origin}/sitemap-index.xml`,
      ]),
    ],
    '/sitemaps/pages.xml': () => [
      200,
      'application/xml',
      urlset([
        `${origin}/docs/guide`,
        `${origin}/pricing`,
        `${origin}/private/secret`,
        `${origin}/docs/guide/`,
        `${blog()}/launch`,
        `${origin}/search?q=maps&amp;page=2`,
        `http://external.test/elsewhere`,
      ]),
    ],
    '/sitemaps/archive.xml.gz': () => [
      200,
      'application/gzip',
      gzipSync(urlset([`${origin}/archive/2024`, `${origin}/archive/2025`])),
    ],
    '/extra-sitemap.xml': () => [200, 'application/xml', urlset([`${origin}/careers`, `${origin}/extra-sitemap.xml`])],
    '/': () => [
      200,
      'text/html',
      page(
        'Map test home',
        'The home page of the map test site',
        options.linkedPages
          ? Array.from({ length: options.linkedPages }, (_, index) => `/pages/${index}`)
          : [
              '/about',
              '/docs/guide?ref=home',
              '/contact#form',
              `${blog()}/`,
              'http://external.test/',
              '/private/area',
              '/logo.png',
              '/pricing?plan=pro',
            ],
      ),
    ],
    '/hostile/billion-laughs.xml': () => {
      const entities = Array.from({ length: 10 }, (_, level) =>
        level === 0 ? '<!ENTITY lol0 "lol">' : `<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`,
      ).join('');
      return [
        200,
        'application/xml',
        `<?xml version="1.0"?><!DOCTYPE urlset [${entities}]><urlset><url><loc>${origin}/laughs/&lol9;</loc></url></urlset>`,
      ];
    },
    '/hostile/gzip-bomb.xml': () => {
      bomb ??= gzipBomb(`<?xml version="1.0"?><urlset><url><loc>${origin}/before-bomb</loc></url>`);
      return [200, 'application/gzip', bomb];
    },
    '/hostile/self-listing.xml': () => [
      200,
      'application/xml',
      sitemapIndex([`${origin}/hostile/self-listing.xml`, `${origin}/hostile/self-listing.xml`]),
    ],
    '/slow-sitemap.xml': () => [200, 'application/xml', urlset([`${origin}/slow-page`])],
  };

  const bulk = (path: string): Route | undefined => {
    const total = options.sitemapPages ?? 0;
    if (path === '/bulk-index.xml' && total > 0) {
      const files = Math.ceil(total / 1000);
      return [
        200,
        'application/xml',
        sitemapIndex(Array.from({ length: files }, (_, index) => `${origin}/bulk-sitemaps/${index}.xml.gz`)),
      ];
    }
    const match = /^\/bulk-sitemaps\/(\d+)\.xml\.gz$/.exec(path);
    if (!match || total === 0) return undefined;
    const first = Number(match[1]) * 1000;
    const urls = Array.from(
      { length: Math.max(0, Math.min(1000, total - first)) },
      (_, i) => `${origin}/item/${first + i}`,
    );
    return urls.length > 0 ? [200, 'application/gzip', gzipSync(urlset(urls))] : undefined;
  };

  const respond = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://placeholder');
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    hits.push({ host, path: `${url.pathname}${url.search}` });
    let route: Route | undefined;
    if (host.startsWith('blog.')) {
      route =
        url.pathname === '/'
          ? [200, 'text/html', page('Blog', 'The blog', ['/launch', '/drafts/next'])]
          : url.pathname === '/robots.txt'
            ? [200, 'text/plain', 'User-agent: *\nDisallow: /drafts\n']
            : undefined;
    } else {
      route = routes[url.pathname]?.() ?? bulk(url.pathname);
    }
    const [status, type, body] = route ?? [404, 'text/html', page('Not found', 'Nothing here', [])];
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    const send = (): void => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': type, 'content-length': String(bytes.length) });
      res.end(bytes);
    };
    if (url.pathname === '/slow-sitemap.xml') setTimeout(send, options.slowSitemapMs);
    else send();
  };

  const server = createServer(respond);
  const { port, close } = await listenOnLoopback(server);
  origin = `http://${options.host}:${port}`;
  return {
    origin,
    pathsFetched: (host = options.host) => hits.filter((hit) => hit.host === host).map((hit) => hit.path),
    close,
  };
}
