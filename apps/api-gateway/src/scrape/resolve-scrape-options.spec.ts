import { DEFAULT_MAX_AGE_MS, ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { resolveScrapeOptions } from './resolve-scrape-options';

describe('resolveScrapeOptions', () => {
  it('applies the defaults of the v2 API', () => {
    expect(resolveScrapeOptions({})).toEqual({
      formats: ['markdown'],
      onlyMainContent: true,
      includeTags: [],
      excludeTags: [],
      maxAge: DEFAULT_MAX_AGE_MS,
      headers: {},
      skipTlsVerification: true,
      timeout: 30_000,
      removeBase64Images: true,
      storeInCache: true,
      zeroDataRetention: false,
    });
  });

  it('accepts format objects and drops duplicates', () => {
    expect(resolveScrapeOptions({ formats: ['links', { type: 'links' }, { type: 'html' }] }).formats).toEqual(['links', 'html']);
  });

  it('turns the cache off for requests with their own headers', () => {
    expect(resolveScrapeOptions({ headers: { cookie: 'a=b' } }).storeInCache).toBe(false);
  });

  it.each([
    [{ formats: ['screenshot' as const] }, /screenshot/],
    [{ formats: [{ type: 'json' as const, schema: {} }] }, /json/],
    [{ actions: [{ type: 'click' }] }, /actions/],
    [{ mobile: true }, /mobile/],
    [{ proxy: 'enhanced' as const }, /enhanced/],
  ])('refuses what it cannot honour: %j', (options, message) => {
    const attempt = () => resolveScrapeOptions(options);
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow(message);
    try {
      attempt();
    } catch (error) {
      expect((error as DomainError).code).toBe(ErrorCode.UnsupportedOption);
    }
  });
});
