import type {
  ImageSearchResult,
  NewsSearchResult,
  ScrapeDocument,
  WebSearchReply,
  WebSearchResult,
} from '@wh/contracts';

/** A result with its page scraped: the scrape's document merged over the result, as Firecrawl answers it. */
export type Scraped<R> = R & Partial<ScrapeDocument>;

/** `data` of the search response: one list per source asked for. */
export interface SearchData {
  web?: Array<Scraped<WebSearchResult>>;
  news?: Array<Scraped<NewsSearchResult>>;
  images?: Array<Scraped<ImageSearchResult>>;
}

export type SearchResults = Omit<WebSearchReply, 'warning'>;

/** True for an absolute http(s) URL another endpoint (scrape, crawl) would take. */
export function isScrapableUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && url.length <= 8192;
  } catch {
    return false;
  }
}

/** The results whose URLs another endpoint would take, ranked again from 1 (`ignoreInvalidURLs`). */
export function withoutInvalidUrls(results: SearchResults): SearchResults {
  const keep = <R extends { url: string; position: number }>(list: R[] | undefined): R[] | undefined =>
    list?.filter((result) => isScrapableUrl(result.url)).map((result, index) => ({ ...result, position: index + 1 }));
  return {
    ...(results.web ? { web: keep(results.web) } : {}),
    ...(results.news ? { news: keep(results.news) } : {}),
    ...(results.images ? { images: keep(results.images) } : {}),
  };
}

export function resultCount(results: SearchResults): number {
  return (results.web?.length ?? 0) + (results.news?.length ?? 0) + (results.images?.length ?? 0);
}

/** Every result URL once, in the order the lists give them: each page is scraped once however often it was found. */
export function resultUrls(results: SearchResults): string[] {
  return [
    ...new Set(
      [...(results.web ?? []), ...(results.news ?? []), ...(results.images ?? [])].map((result) => result.url),
    ),
  ];
}

/**
 * Each result with its page's document merged in (Firecrawl's shape: the result's title and description, then the
 * document's fields); results whose page was not scraped stay as they are.
 */
export function mergeDocuments(results: SearchResults, documents: ReadonlyMap<string, ScrapeDocument>): SearchData {
  const merge = <R extends { url: string }>(result: R, description: string | undefined): Scraped<R> => {
    const document = documents.get(result.url);
    return document ? { ...result, ...(description ? { description } : {}), ...document } : result;
  };
  return {
    ...(results.web ? { web: results.web.map((result) => merge(result, result.description)) } : {}),
    ...(results.news ? { news: results.news.map((result) => merge(result, result.snippet)) } : {}),
    ...(results.images ? { images: results.images.map((result) => merge(result, undefined)) } : {}),
  };
}
