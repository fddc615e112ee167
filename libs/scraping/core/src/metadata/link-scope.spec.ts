import { LinkScope, type LinkScopeRules } from './link-scope';

const defaults: Omit<LinkScopeRules, 'startUrl'> = {
  includePaths: [],
  excludePaths: [],
  regexOnFullURL: false,
  crawlEntireDomain: false,
  allowExternalLinks: false,
  allowSubdomains: false,
};

// The cases of the crawl-scheduler's CrawlScope spec that a link alone decides: the two must agree on them.
function admits(startUrl: string, link: string, rules: Partial<LinkScopeRules> = {}): boolean {
  return new LinkScope({ ...defaults, ...rules, startUrl }).admits(new URL(link));
}

describe('LinkScope', () => {
  it('follows only child paths of the start URL unless the whole domain is crawled', () => {
    expect(admits('http://site.test/docs', 'http://site.test/docs/intro')).toBe(true);
    expect(admits('http://site.test/docs/', 'http://site.test/docs')).toBe(true);
    expect(admits('http://site.test/docs', 'http://site.test/docsearch')).toBe(false);
    expect(admits('http://site.test/docs', 'http://site.test/blog')).toBe(false);
    expect(admits('http://site.test/docs', 'http://site.test/blog', { crawlEntireDomain: true })).toBe(true);
    expect(admits('http://site.test/', 'https://www.site.test/blog')).toBe(true);
  });

  it('keeps subdomains and other sites out unless allowed', () => {
    expect(admits('http://site.test/', 'http://blog.site.test/')).toBe(false);
    expect(admits('http://site.test/', 'http://blog.site.test/', { allowSubdomains: true })).toBe(true);
    expect(admits('http://site.test/', 'http://other.test/')).toBe(false);
    expect(admits('http://site.test/', 'http://other.test/', { allowSubdomains: true })).toBe(false);
    expect(admits('http://site.test/', 'http://other.test/', { allowExternalLinks: true })).toBe(true);
    expect(admits('http://site.test/', 'http://blog.site.test/', { allowExternalLinks: true })).toBe(true);
  });

  it('applies include and exclude patterns to the path, or to the full URL when asked', () => {
    expect(admits('http://site.test/', 'http://site.test/blog/1', { includePaths: ['^/docs'] })).toBe(false);
    expect(admits('http://site.test/', 'http://site.test/docs/1', { includePaths: ['^/docs'] })).toBe(true);
    expect(admits('http://site.test/', 'http://site.test/docs/1', { excludePaths: ['/1$'] })).toBe(false);
    expect(admits('http://site.test/', 'http://site.test/p?lang=fr', { excludePaths: ['lang=fr'] })).toBe(true);
    expect(
      admits('http://site.test/', 'http://site.test/p?lang=fr', { excludePaths: ['lang=fr'], regexOnFullURL: true }),
    ).toBe(false);
  });

  it('skips files that are not pages and links that are not http(s)', () => {
    expect(admits('http://site.test/', 'http://site.test/logo.PNG')).toBe(false);
    expect(admits('http://site.test/', 'mailto:info@site.test')).toBe(false);
  });
});
