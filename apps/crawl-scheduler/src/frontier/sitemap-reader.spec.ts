import { gzipSync } from 'node:zlib';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { MAX_SITEMAP_BYTES } from './sitemap-document';
import { readSitemaps } from './sitemap-reader';

const SITE = 'https://site.test';

const urlset = (paths: readonly string[]): string =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
  paths
    .map(
      (path) => `<url><loc>${SITE}${path}</loc><image:image><image:loc>${SITE}/pic.png</image:loc></image:image></url>`,
    )
    .join('') +
  `</urlset>`;
const index = (paths: readonly string[]): string =>
  `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
  paths.map((path) => `<sitemap><loc>${SITE}${path}</loc></sitemap>`).join('') +
  `</sitemapindex>`;

/** Reads from a site whose files are given by path; records every fetch. */
async function read(files: Record<string, string | Buffer>, roots = ['/sitemap.xml'], stopAfter = Infinity) {
  const fetched: string[] = [];
  const pages: string[] = [];
  const reading = await readSitemaps(
    roots.map((path) => `${SITE}${path}`),
    async (url) => {
      const path = url.slice(SITE.length);
      fetched.push(path);
      const body = files[path];
      return body === undefined ? undefined : Buffer.from(body);
    },
    (url) => {
      pages.push(url.slice(SITE.length));
      return pages.length < stopAfter;
    },
  );
  return { ...reading, fetched, pages };
}

describe('readSitemaps', () => {
  it('follows an index into plain and gzipped sitemaps, in the order the site lists them', async () => {
    const result = await read({
      '/sitemap.xml': index(['/a.xml', '/b.xml.gz']),
      '/a.xml': urlset(['/one', '/two']),
      '/b.xml.gz': gzipSync(urlset(['/three'])),
    });
    expect(result.pages).toEqual(['/one', '/two', '/three']);
    expect(result.warnings).toEqual([]);
  });

  it('stops fetching as soon as the sink has enough', async () => {
    const result = await read(
      { '/sitemap.xml': index(['/a.xml', '/b.xml']), '/a.xml': urlset(['/one', '/two']), '/b.xml': urlset(['/x']) },
      ['/sitemap.xml'],
      2,
    );
    expect(result.pages).toEqual(['/one', '/two']);
    expect(result.fetched).toEqual(['/sitemap.xml', '/a.xml']);
  });

  it('reads an index that lists itself or its parent once, and drops a sitemap listed as its own page', async () => {
    const result = await read({
      '/sitemap.xml': index(['/sitemap.xml', '/child.xml']),
      '/child.xml': index(['/sitemap.xml', '/pages.xml']),
      '/pages.xml': urlset(['/pages.xml', '/page']),
    });
    expect(result.pages).toEqual(['/page']);
    expect(result.fetched).toEqual(['/sitemap.xml', '/child.xml', '/pages.xml']);
    expect(result.warnings).toHaveLength(2);
    expect(result.warnings[0]).toMatch(/sitemap\.xml is listed more than once/);
  });

  it('refuses a document declaring entities (billion laughs) without expanding anything', async () => {
    const entities = Array.from({ length: 9 }, (_, level) =>
      level === 0 ? '<!ENTITY lol0 "lol">' : `<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`,
    ).join('');
    const result = await read({
      '/sitemap.xml': `<?xml version="1.0"?><!DOCTYPE urlset [${entities}]><urlset><url><loc>${SITE}/&lol8;</loc></url></urlset>`,
    });
    expect(result.pages).toEqual([]);
    expect(result.warnings).toEqual([expect.stringMatching(/declares XML entities/)]);
  });

  it('cuts a gzip bomb off at the size limit, keeping what came before', async () => {
    const head = Buffer.from(urlset(['/before']).replace('</urlset>', ''));
    const bomb = gzipSync(Buffer.concat([head, Buffer.alloc(MAX_SITEMAP_BYTES + 1024 * 1024, ' ')]), { level: 1 });
    const result = await read({ '/sitemap.xml': bomb });
    expect(result.pages).toEqual(['/before']);
    expect(result.warnings).toEqual([expect.stringMatching(/larger than 50 MB uncompressed \(cut off\)/)]);
  });

  it('warns about a corrupt gzip file and a refused fetch, and goes on with the other sitemaps', async () => {
    const fetched: string[] = [];
    const result = await readSitemaps(
      [`${SITE}/broken.xml.gz`, `${SITE}/private.xml`, `${SITE}/fine.xml`],
      async (url) => {
        fetched.push(url);
        if (url.endsWith('broken.xml.gz')) return Buffer.from([0x1f, 0x8b, 1, 2, 3]);
        if (url.endsWith('private.xml')) throw new DomainError(ErrorCode.ScrapeTargetForbidden, 'private address');
        return Buffer.from(urlset(['/fine']));
      },
      () => true,
    );
    expect(result.warnings).toEqual([
      expect.stringMatching(/broken\.xml\.gz is not valid gzip/),
      expect.stringMatching(/private\.xml was not fetched: private address/),
    ]);
    expect(fetched).toHaveLength(3);
  });

  it('throws a retryable failure so that seeding is tried again', async () => {
    const unavailable = new DomainError(ErrorCode.ServiceUnavailable, 'no answer', undefined, true);
    await expect(
      readSitemaps(
        [`${SITE}/sitemap.xml`],
        () => Promise.reject(unavailable),
        () => true,
      ),
    ).rejects.toBe(unavailable);
  });

  it('stops with timedOut once the deadline has passed', async () => {
    const result = await readSitemaps(
      [`${SITE}/sitemap.xml`],
      async () => Buffer.from(urlset(['/a'])),
      () => true,
      Date.now() - 1,
    );
    expect(result).toEqual({ warnings: [], timedOut: true });
  });
});
