import { ErrorCode } from '@wh/contracts';
import { planSearch, searchCredits } from './search-plan';
import type { SearchRequestDto } from './search-request.dto';

const body = (fields: Partial<SearchRequestDto>): SearchRequestDto => ({ query: 'kettles', ...fields });

describe('planSearch', () => {
  it("applies Firecrawl's defaults: 10 web results within 60 s, nothing scraped", () => {
    expect(planSearch('team-1', body({}), 1_000)).toEqual({
      request: { teamId: 'team-1', query: 'kettles', limit: 10, sources: ['web'], deadlineAt: 61_000 },
      ignoreInvalidUrls: false,
    });
  });

  it('passes the filters on, once each', () => {
    const plan = planSearch(
      'team-1',
      body({
        limit: 100,
        sources: ['news', 'web', 'news'],
        categories: ['github', 'github'],
        includeDomains: ['docs.example'],
        tbs: 'qdr:d',
        country: 'DE',
        lang: 'de',
        location: 'Berlin',
        timeout: 5_000,
        ignoreInvalidURLs: true,
      }),
      0,
    );
    expect(plan).toEqual({
      request: {
        teamId: 'team-1',
        query: 'kettles',
        limit: 100,
        sources: ['news', 'web'],
        categories: ['github'],
        includeDomains: ['docs.example'],
        tbs: 'qdr:d',
        country: 'DE',
        lang: 'de',
        location: 'Berlin',
        deadlineAt: 5_000,
      },
      ignoreInvalidUrls: true,
    });
  });

  it('scrapes only when scrapeOptions name formats, with the scrape defaults', () => {
    expect(planSearch('t', body({ scrapeOptions: { onlyMainContent: false } })).scrape).toBeUndefined();
    expect(planSearch('t', body({ scrapeOptions: { formats: [] } })).scrape).toBeUndefined();
    const scrape = planSearch(
      't',
      body({ scrapeOptions: { formats: ['markdown', 'links'], onlyMainContent: false } }),
    ).scrape;
    expect(scrape).toMatchObject({ formats: ['markdown', 'links'], onlyMainContent: false, timeout: 30_000 });
  });

  it('refuses both domain lists, the developer index and bad scrape options with a 4xx code', () => {
    expect(() => planSearch('t', body({ includeDomains: ['a.example'], excludeDomains: ['b.example'] }))).toThrow(
      expect.objectContaining({ code: ErrorCode.BadRequest }),
    );
    expect(() => planSearch('t', body({ categories: ['developer'] }))).toThrow(
      expect.objectContaining({ code: ErrorCode.UnsupportedOption }),
    );
    expect(() =>
      planSearch('t', body({ scrapeOptions: { formats: ['markdown'], waitFor: 20_000, timeout: 30_000 } })),
    ).toThrow(expect.objectContaining({ code: ErrorCode.BadRequest }));
  });
});

describe('searchCredits', () => {
  it('is 2 credits per 10 results or part of 10', () => {
    expect([0, 1, 10, 11, 20, 100, 300].map(searchCredits)).toEqual([0, 2, 2, 4, 4, 20, 60]);
  });
});
