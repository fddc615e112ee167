import type { SiteMapReply, WebSearchReply } from '@wh/contracts';
import { resolvedScrapeOptions } from '@wh/testing';
import type { NatsRequester } from '@wh/platform/messaging';
import type { ExtractJobRequest } from '../database/extract-database';
import type { SearchBackend } from '@wh/search';
import { WebSearchService } from '../search/web-search.service';
import { MAX_WILDCARD_PAGES, searchWords, TargetResolver } from './target-resolver';

const request = (overrides: Partial<ExtractJobRequest> = {}): ExtractJobRequest => ({
  urls: ['https://shop.test/kettle'],
  prompt: 'every lamp and its price',
  schema: {
    type: 'object',
    properties: { lamps: { type: 'array', items: { type: 'object', properties: { name: {}, price: {} } } } },
  },
  showSources: false,
  enableWebSearch: false,
  scrapeOptions: resolvedScrapeOptions(),
  ...overrides,
});

/** Answers `crawl.site.map` as its handler would and web search as a backend would, recording what was asked. */
function requester(map: SiteMapReply, search: WebSearchReply = {}) {
  const asked: Array<{ subject: string; payload: Record<string, unknown> }> = [];
  const fake = {
    request: async (subject: string, payload: Record<string, unknown>) => {
      asked.push({ subject, payload });
      return map;
    },
  };
  const backend = {
    search: async (query: Record<string, unknown>) => {
      asked.push({ subject: 'search.web.query', payload: query });
      return search;
    },
  };
  const webSearch = new WebSearchService(backend as unknown as SearchBackend);
  return { asked, resolver: new TargetResolver(fake as unknown as NatsRequester, webSearch) };
}

describe('TargetResolver', () => {
  it('keeps plain URLs as they are and asks nobody', async () => {
    const { asked, resolver } = requester({ links: [], timedOut: false });
    expect(await resolver.resolve('team', request())).toEqual({ urls: ['https://shop.test/kettle'], warnings: [] });
    expect(asked).toEqual([]);
  });

  it("expands a wildcard through the site's map, ranked by the request's words, keeping the pages under its path", async () => {
    const links = [
      { url: 'https://shop.test/lamps/aurora' },
      { url: 'https://shop.test/about' },
      { url: 'https://shop.test/lamps' },
      ...Array.from({ length: 30 }, (_, index) => ({ url: `https://shop.test/lamps/${index}` })),
    ];
    const { asked, resolver } = requester({ links, timedOut: true, warning: 'the sitemap was cut short' });
    const resolved = await resolver.resolve('team', request({ urls: ['https://shop.test/lamps/*'] }));
    expect(resolved.urls).toHaveLength(MAX_WILDCARD_PAGES);
    // The section's own page belongs to it too.
    expect(resolved.urls.slice(0, 3)).toEqual([
      'https://shop.test/lamps/aurora',
      'https://shop.test/lamps',
      'https://shop.test/lamps/0',
    ]);
    expect(resolved.urls).not.toContain('https://shop.test/about');
    expect(resolved.warnings).toEqual([
      'the map of https://shop.test/lamps/ timed out; its pages found by then were used',
      'the sitemap was cut short',
    ]);
    expect(asked[0]).toMatchObject({
      subject: 'crawl.site.map',
      payload: { teamId: 'team', url: 'https://shop.test/lamps', search: 'every lamp and its price lamps name price' },
    });
  });

  it('adds the first results of the web search for the request', async () => {
    const web = Array.from({ length: 8 }, (_, index) => ({ url: `https://found.test/${index}`, position: index + 1 }));
    const { asked, resolver } = requester({ links: [], timedOut: false }, { web });
    const resolved = await resolver.resolve('team', request({ urls: [], enableWebSearch: true }));
    expect(resolved.urls).toEqual(web.slice(0, 5).map((result) => result.url));
    expect(asked[0]).toMatchObject({
      subject: 'search.web.query',
      payload: { query: 'every lamp and its price lamps name price', limit: 5, sources: ['web'] },
    });
  });

  it('puts the prompt and the schema property names into the search words', () => {
    expect(searchWords({ prompt: undefined, schema: { type: 'object', properties: { title: {}, author: {} } } })).toBe(
      'title author',
    );
  });
});
