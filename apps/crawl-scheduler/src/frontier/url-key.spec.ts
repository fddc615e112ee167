import { crawlUrlKey, parseCrawlableUrl } from './url-key';

const key = (raw: string, ignoreQuery = false): string => {
  const url = parseCrawlableUrl(raw);
  if (!url) throw new Error(`unparseable ${raw}`);
  return crawlUrlKey(url, ignoreQuery);
};

describe('crawl URL keys', () => {
  it('maps variants of one page to one key', () => {
    const variants = [
      'http://site.test/docs',
      'https://site.test/docs',
      'http://www.site.test/docs',
      'http://SITE.test:80/docs/',
      'https://site.test:443/docs#install',
      'http://site.test/docs/index.html',
      'http://site.test/docs/index.htm',
    ];
    expect(new Set(variants.map((variant) => key(variant)))).toEqual(new Set(['site.test/docs']));
  });

  it('keeps distinct pages apart: paths, ports and queries', () => {
    expect(key('http://site.test/docs/a')).not.toBe(key('http://site.test/docs/b'));
    expect(key('http://site.test:8080/docs')).not.toBe(key('http://site.test/docs'));
    expect(key('http://site.test/docs?page=2')).not.toBe(key('http://site.test/docs'));
  });

  it('ignores the order of query parameters, and the query when asked', () => {
    expect(key('http://site.test/p?b=2&a=1')).toBe(key('http://site.test/p?a=1&b=2'));
    expect(key('http://site.test/p?a=1', true)).toBe(key('http://site.test/p', true));
  });

  it('accepts only http(s) and resolves relative links', () => {
    expect(parseCrawlableUrl('mailto:a@b.c')).toBeUndefined();
    expect(parseCrawlableUrl('javascript:void(0)')).toBeUndefined();
    expect(parseCrawlableUrl('not a url')).toBeUndefined();
    expect(parseCrawlableUrl('../b#x', 'http://site.test/a/c')?.href).toBe('http://site.test/b');
  });
});
