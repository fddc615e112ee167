import type {
  ImageSearchResult,
  NewsSearchResult,
  SearchSource,
  SearchTimeFilter,
  WebSearchResult,
} from '@wh/contracts';
import type { SearchQuery } from './search-backend';
import { categoryOf, searchTerms } from './search-terms';

/** SearXNG's category for each of Firecrawl's sources. */
const CATEGORY_OF_SOURCE: Record<SearchSource, string> = { web: 'general', news: 'news', images: 'images' };

/** SearXNG's `time_range` knows no hour: the past hour is asked as the past day (and the reply says so). */
const TIME_RANGE: Record<SearchTimeFilter, string> = {
  'qdr:h': 'day',
  'qdr:d': 'day',
  'qdr:w': 'week',
  'qdr:m': 'month',
  'qdr:y': 'year',
};

/** One entry of SearXNG's `results`, as far as it is read; engines fill different fields, so none is trusted. */
export interface SearxngResult {
  url?: unknown;
  title?: unknown;
  content?: unknown;
  publishedDate?: unknown;
  img_src?: unknown;
  thumbnail_src?: unknown;
  thumbnail?: unknown;
  resolution?: unknown;
}

/** The JSON API's address: the instance's base URL (with any path prefix) and `/search`. */
export function searxngSearchUrl(baseUrl: string): URL {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = path.endsWith('/search') ? path : `${path}/search`;
  url.search = '';
  url.hash = '';
  return url;
}

/** SearXNG takes a language or a locale (`de`, `de-CH`); a country alone is not one of its languages. */
export function searxngLanguage(query: Pick<SearchQuery, 'lang' | 'country'>): string | undefined {
  if (!query.lang) return undefined;
  return query.country ? `${query.lang.toLowerCase()}-${query.country.toUpperCase()}` : query.lang.toLowerCase();
}

/** The address of one page of one source's results. */
export function searxngPageUrl(searchUrl: URL, query: SearchQuery, source: SearchSource, page: number): URL {
  const url = new URL(searchUrl);
  url.searchParams.set('q', searchTerms(query));
  url.searchParams.set('format', 'json');
  url.searchParams.set('pageno', String(page));
  url.searchParams.set('categories', CATEGORY_OF_SOURCE[source]);
  const language = searxngLanguage(query);
  if (language) url.searchParams.set('language', language);
  if (query.tbs) url.searchParams.set('time_range', TIME_RANGE[query.tbs]);
  return url;
}

/** What SearXNG cannot do of the query, in words for the reply's warning. */
export function unsupportedByServer(query: SearchQuery): string[] {
  const notes: string[] = [];
  if (query.tbs === 'qdr:h') notes.push('SearXNG has no one-hour time range: results are from the past day');
  if (query.location) notes.push('location was not applied: SearXNG has no location filter');
  if (query.country && !query.lang) notes.push('country was not applied: SearXNG takes a country only with lang');
  return notes;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** `1920 x 1080` (SearXNG's spelling) or `1920x1080`. */
function dimensions(resolution: unknown): { imageWidth?: number; imageHeight?: number } {
  const match = typeof resolution === 'string' ? /^\s*(\d+)\s*[x×]\s*(\d+)\s*$/i.exec(resolution) : null;
  return match ? { imageWidth: Number(match[1]), imageHeight: Number(match[2]) } : {};
}

/** A SearXNG date (ISO 8601, or missing as `null`) as an ISO string; anything unreadable is left out. */
function isoDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

export function webResult(
  result: SearxngResult & { url: string },
  position: number,
  query: SearchQuery,
): WebSearchResult {
  const category = categoryOf(result.url, query.categories);
  const title = text(result.title);
  const description = text(result.content);
  return {
    url: result.url,
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    position,
    ...(category ? { category } : {}),
  };
}

export function newsResult(result: SearxngResult & { url: string }, position: number): NewsSearchResult {
  const title = text(result.title);
  const snippet = text(result.content);
  const date = isoDate(result.publishedDate);
  const imageUrl = text(result.img_src) ?? text(result.thumbnail) ?? text(result.thumbnail_src);
  return {
    url: result.url,
    ...(title ? { title } : {}),
    ...(snippet ? { snippet } : {}),
    ...(date ? { date } : {}),
    ...(imageUrl ? { imageUrl } : {}),
    position,
  };
}

/** Whether a result can answer its source: an image result needs the image's address. */
export function answersSource(result: SearxngResult, source: SearchSource): boolean {
  return source !== 'images' || imageAddress(result) !== undefined;
}

function imageAddress(result: SearxngResult): string | undefined {
  return text(result.img_src) ?? text(result.thumbnail_src);
}

/** An image result; {@link answersSource} has kept only results with an image address. */
export function imageResult(result: SearxngResult & { url: string }, position: number): ImageSearchResult {
  const title = text(result.title);
  return {
    url: result.url,
    imageUrl: imageAddress(result) ?? '',
    ...(title ? { title } : {}),
    ...dimensions(result.resolution),
    position,
  };
}
