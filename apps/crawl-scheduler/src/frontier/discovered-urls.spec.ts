import { resolvedCrawlOptions } from '@wh/testing';
import { CrawlScope } from './crawl-scope';
import { DiscoveredUrls } from './discovered-urls';
import { JobLinkReadings } from './link-readings';

const START = new URL('https://site.test/');

function discovered(ignoreQueryParameters: boolean, capacity?: number): DiscoveredUrls {
  return new DiscoveredUrls(new CrawlScope(START, resolvedCrawlOptions()), ignoreQueryParameters, capacity);
}

const urls = (found: DiscoveredUrls): string[] => [...found.entries()].map(([, url]) => url.href);

describe('DiscoveredUrls', () => {
  it('keeps the first of each page in offer order, dropping variants, other sites and non-pages', () => {
    const found = discovered(true);
    for (const candidate of [
      '/docs',
      'https://www.site.test/docs/',
      'http://site.test/docs/index.html',
      '/docs#install',
      '/docs?page=2',
      '/about',
      'https://other.test/',
      '/logo.png',
      'mailto:team@site.test',
    ]) {
      found.offer(candidate, 0, START.href);
    }
    expect(urls(found)).toEqual(['https://site.test/docs', 'https://site.test/about']);
  });

  it('keeps query variants apart unless queries are ignored, whatever the parameter order', () => {
    const found = discovered(false);
    for (const candidate of ['/a?x=1&y=2', '/a?y=2&x=1', '/a?x=2']) found.offer(candidate, 0, START.href);
    expect(urls(found)).toEqual(['https://site.test/a?x=1&y=2', 'https://site.test/a?x=2']);
  });

  it('fetches a page without its query when the crawl ignores queries, and with it otherwise', () => {
    const ignoring = discovered(true);
    ignoring.offer('/p?utm=1#top', 0, START.href);
    expect(urls(ignoring)).toEqual(['https://site.test/p']);
    const keeping = discovered(false);
    keeping.offer('/p?utm=1#top', 0, START.href);
    expect(urls(keeping)).toEqual(['https://site.test/p?utm=1']);
  });

  it('names the origin of each page', () => {
    const found = new DiscoveredUrls(new CrawlScope(START, resolvedCrawlOptions({ allowSubdomains: true })), true);
    for (const candidate of ['/a', '/b', 'https://docs.site.test/c']) found.offer(candidate, 0, START.href);
    const kept = [...found.entries()].map(([, url]) => url);
    expect(kept.map((url) => url.origin)).toEqual(['https://site.test', 'https://site.test', 'https://docs.site.test']);
  });

  it('stops taking pages at its capacity and says so', () => {
    const found = discovered(true, 2);
    expect(found.offer('/one', 0, START.href)).toBe(true);
    expect(found.offer('/one/', 0, START.href)).toBe(true);
    expect(found.offer('/two', 0, START.href)).toBe(false);
    expect(found.offer('/three', 0, START.href)).toBe(false);
    expect(urls(found)).toEqual(['https://site.test/one', 'https://site.test/two']);
  });

  it('reads each absolute link once for all the pages of a crawl, with the same outcome as reading it afresh', () => {
    const readings = new JobLinkReadings(100);
    const remember = jest.spyOn(readings, 'remember');
    const links = ['https://site.test/docs/', 'https://other.test/', 'https://site.test/a?y=2&x=1', '/relative'];
    const pages = [0, 1].map(() => {
      const found = new DiscoveredUrls(new CrawlScope(START, resolvedCrawlOptions()), false, undefined, readings);
      for (const link of links) found.offer(link, 1, START.href);
      return [...found.entries()];
    });
    expect(pages[1]).toEqual(pages[0]);
    expect(pages[0]?.map(([key]) => key)).toEqual(['site.test/docs', 'site.test/a?x=1&y=2', 'site.test/relative']);
    // The relative link depends on its page, so it is read on each; the three absolute ones only the first time.
    expect(remember).toHaveBeenCalledTimes(3);
  });

  it('reads links afresh on every page when the depth they are found at decides', () => {
    const readings = new JobLinkReadings(100);
    const scope = new CrawlScope(START, resolvedCrawlOptions({ maxDiscoveryDepth: 1 }));
    const atDepth = (depth: number): string[] => {
      const found = new DiscoveredUrls(scope, false, undefined, readings);
      found.offer('https://site.test/deep', depth, START.href);
      return urls(found);
    };
    expect(atDepth(1)).toEqual(['https://site.test/deep']);
    expect(atDepth(2)).toEqual([]);
  });
});
