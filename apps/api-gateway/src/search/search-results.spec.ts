import type { ScrapeDocument } from '@wh/contracts';
import { mergeDocuments, resultCount, resultUrls, withoutInvalidUrls } from './search-results';

const results = {
  web: [
    { url: 'https://a.example/', title: 'A', description: 'about a', position: 1 },
    { url: 'ftp://files.example/x', title: 'FTP', position: 2 },
    { url: 'https://b.example/', title: 'B', position: 3 },
  ],
  news: [{ url: 'https://a.example/', title: 'A in the news', snippet: 'news of a', position: 1 }],
  images: [{ url: 'https://c.example/', imageUrl: 'https://c.example/c.png', position: 1 }],
};

describe('search results', () => {
  it('counts every source and lists each URL once', () => {
    expect(resultCount(results)).toBe(5);
    expect(resultUrls(results)).toEqual([
      'https://a.example/',
      'ftp://files.example/x',
      'https://b.example/',
      'https://c.example/',
    ]);
  });

  it('drops URLs other endpoints would refuse and ranks again (ignoreInvalidURLs)', () => {
    expect(withoutInvalidUrls(results).web).toEqual([
      { url: 'https://a.example/', title: 'A', description: 'about a', position: 1 },
      { url: 'https://b.example/', title: 'B', position: 2 },
    ]);
    expect(withoutInvalidUrls({ web: [] })).toEqual({ web: [] });
  });

  it("merges each page's document over its results, with the news snippet as description", () => {
    const page: ScrapeDocument = {
      markdown: '# A',
      metadata: { sourceURL: 'https://a.example/', url: 'https://a.example/', statusCode: 200, title: 'Page A' },
    };
    const merged = mergeDocuments(results, new Map([['https://a.example/', page]]));
    expect(merged.web?.[0]).toEqual({
      url: 'https://a.example/',
      title: 'A',
      description: 'about a',
      position: 1,
      markdown: '# A',
      metadata: page.metadata,
    });
    expect(merged.news?.[0]).toMatchObject({ description: 'news of a', snippet: 'news of a', markdown: '# A' });
    expect(merged.web?.[2]).toEqual(results.web[2]);
    expect(merged.images).toEqual(results.images);
  });
});
