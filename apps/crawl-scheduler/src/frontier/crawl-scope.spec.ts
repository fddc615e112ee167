import type { ResolvedCrawlOptions } from '@wh/contracts';
import { CrawlScope } from './crawl-scope';

const defaults: ResolvedCrawlOptions = {
  includePaths: [],
  excludePaths: [],
  sitemap: 'include',
  ignoreQueryParameters: false,
  regexOnFullURL: false,
  limit: 100,
  crawlEntireDomain: false,
  allowExternalLinks: false,
  allowSubdomains: false,
};

function verdict(start: string, link: string, options: Partial<ResolvedCrawlOptions> = {}, depth = 1): string {
  return new CrawlScope(new URL(start), { ...defaults, ...options }).verdict(new URL(link), depth);
}

describe('CrawlScope', () => {
  it('follows only child paths of the start URL unless the whole domain is crawled', () => {
    expect(verdict('http://site.test/docs', 'http://site.test/docs/intro')).toBe('in-scope');
    expect(verdict('http://site.test/docs/', 'http://site.test/docs')).toBe('in-scope');
    expect(verdict('http://site.test/docs', 'http://site.test/docsearch')).toBe('outside-start-path');
    expect(verdict('http://site.test/docs', 'http://site.test/blog')).toBe('outside-start-path');
    expect(verdict('http://site.test/docs', 'http://site.test/blog', { crawlEntireDomain: true })).toBe('in-scope');
    expect(verdict('http://site.test/', 'https://www.site.test/blog')).toBe('in-scope');
  });

  it('keeps subdomains and other sites out unless allowed', () => {
    expect(verdict('http://site.test/', 'http://blog.site.test/')).toBe('subdomain');
    expect(verdict('http://site.test/', 'http://blog.site.test/', { allowSubdomains: true })).toBe('in-scope');
    expect(verdict('http://site.test/', 'http://other.test/')).toBe('external');
    expect(verdict('http://site.test/', 'http://other.test/', { allowSubdomains: true })).toBe('external');
    expect(verdict('http://site.test/', 'http://other.test/', { allowExternalLinks: true })).toBe('in-scope');
  });

  it('applies include and exclude patterns to the path, or to the full URL when asked', () => {
    expect(verdict('http://site.test/', 'http://site.test/blog/1', { includePaths: ['^/docs'] })).toBe('not-included');
    expect(verdict('http://site.test/', 'http://site.test/docs/1', { includePaths: ['^/docs'] })).toBe('in-scope');
    expect(verdict('http://site.test/', 'http://site.test/docs/1', { excludePaths: ['/1$'] })).toBe('excluded');
    expect(verdict('http://site.test/', 'http://site.test/p?lang=fr', { excludePaths: ['lang=fr'] })).toBe('in-scope');
    expect(
      verdict('http://site.test/', 'http://site.test/p?lang=fr', { excludePaths: ['lang=fr'], regexOnFullURL: true }),
    ).toBe('excluded');
  });

  it('stops at the discovery depth and skips files that are not pages', () => {
    expect(verdict('http://site.test/', 'http://site.test/a', { maxDiscoveryDepth: 1 }, 1)).toBe('in-scope');
    expect(verdict('http://site.test/', 'http://site.test/a', { maxDiscoveryDepth: 1 }, 2)).toBe('too-deep');
    expect(verdict('http://site.test/', 'http://site.test/logo.PNG')).toBe('not-a-page');
  });
});
