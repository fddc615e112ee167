import { ErrorCode } from '@wh/contracts';
import type { MapRequestDto } from './map-request.dto';
import { DEFAULT_MAP_LIMIT, DEFAULT_MAP_TIMEOUT_MS, resolveMapRequest } from './resolve-map-request';

const NOW = 1_700_000_000_000;

describe('resolveMapRequest', () => {
  it("applies Firecrawl's defaults", () => {
    expect(resolveMapRequest({ url: 'https://site.test' }, 'team-1', NOW)).toEqual({
      timeoutMs: DEFAULT_MAP_TIMEOUT_MS,
      request: {
        teamId: 'team-1',
        url: 'https://site.test',
        sitemap: 'include',
        includeSubdomains: true,
        ignoreQueryParameters: true,
        limit: DEFAULT_MAP_LIMIT,
        deadlineAt: NOW + DEFAULT_MAP_TIMEOUT_MS,
      },
    });
  });

  it('passes the options given, and a search only when it has words', () => {
    const body = {
      url: 'https://site.test',
      search: '  docs ',
      sitemap: 'only',
      includeSubdomains: false,
      ignoreQueryParameters: false,
      limit: 10,
      timeout: 1_500,
      headers: { cookie: 'a=b' },
    } as MapRequestDto;
    expect(resolveMapRequest(body, 'team-1', NOW).request).toMatchObject({
      search: 'docs',
      sitemap: 'only',
      includeSubdomains: false,
      ignoreQueryParameters: false,
      limit: 10,
      deadlineAt: NOW + 1_500,
      headers: { cookie: 'a=b' },
    });
    expect(resolveMapRequest({ ...body, search: '   ' }, 'team-1', NOW).request.search).toBeUndefined();
  });

  it("asks for the location's languages, or the country's likely language", () => {
    const languagesFor = (location: MapRequestDto['location']) =>
      resolveMapRequest({ url: 'https://site.test', location }, 't', NOW).request.languages;
    expect(languagesFor({ country: 'de' })).toEqual(['de-DE', 'de']);
    expect(languagesFor({ country: 'BR', languages: ['en-US'] })).toEqual(['en-US']);
    expect(languagesFor({})).toBeUndefined();
    expect(() => languagesFor({ country: 'Germany' })).toThrow(expect.objectContaining({ code: ErrorCode.BadRequest }));
  });
});
