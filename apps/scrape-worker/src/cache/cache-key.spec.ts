import type { ResolvedScrapeOptions } from '@wh/contracts';
import { resolvedScrapeOptions } from '@wh/testing';
import { scrapeCacheKey } from './cache-key';

const base = resolvedScrapeOptions({ formats: ['markdown', 'links'], maxAge: 1000 });

describe('scrapeCacheKey', () => {
  it('ignores options that do not change the document', () => {
    const key = scrapeCacheKey('https://a.example/', base);
    expect(scrapeCacheKey('https://a.example/', { ...base, maxAge: 5, timeout: 10, storeInCache: false })).toBe(key);
    expect(scrapeCacheKey('https://a.example/', { ...base, formats: ['links', 'markdown'] })).toBe(key);
    // The cached page holds no json or summary: extraction runs again for every request.
    expect(
      scrapeCacheKey('https://a.example/', { ...base, extraction: { json: { prompt: 'price' }, summary: true } }),
    ).toBe(key);
  });

  it.each<[string, Partial<ResolvedScrapeOptions>]>([
    ['formats', { formats: ['markdown'] }],
    ['onlyMainContent', { onlyMainContent: false }],
    ['includeTags', { includeTags: ['main'] }],
    ['excludeTags', { excludeTags: ['nav'] }],
    ['removeBase64Images', { removeBase64Images: false }],
    ['headers', { headers: { cookie: 'x' } }],
    ['the branding format', { branding: true }],
  ])('changes with %s', (_name, change) => {
    expect(scrapeCacheKey('https://a.example/', { ...base, ...change })).not.toBe(
      scrapeCacheKey('https://a.example/', base),
    );
  });

  it('keeps the key of a scrape without branding what it was before the format existed', () => {
    expect(scrapeCacheKey('https://a.example/', { ...base, branding: false })).toBe(
      scrapeCacheKey('https://a.example/', base),
    );
  });

  it('changes with the URL', () => {
    expect(scrapeCacheKey('https://a.example/x', base)).not.toBe(scrapeCacheKey('https://a.example/y', base));
  });
});
