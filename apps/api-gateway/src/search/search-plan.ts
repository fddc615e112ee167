import {
  DEFAULT_SEARCH_LIMIT,
  ErrorCode,
  type ResolvedScrapeOptions,
  type SearchCategory,
  type SearchSource,
  type WebSearchRequest,
} from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { resolveScrapeOptions } from '../scrape/resolve-scrape-options';
import { DEVELOPER_CATEGORY, type SearchRequestDto } from './search-request.dto';

/** Firecrawl v2's default for the whole search request. */
export const DEFAULT_SEARCH_TIMEOUT_MS = 60_000;

/** What one POST /v2/search will do: the query for the search backend, and how to scrape the results, if at all. */
export interface SearchPlan {
  request: WebSearchRequest;
  /** Resolved options for each result's scrape; absent when `scrapeOptions` asks for no format (Firecrawl's default). */
  scrape?: ResolvedScrapeOptions;
  ignoreInvalidUrls: boolean;
}

/**
 * Applies Firecrawl's defaults (web results, 10 of them, 60 s) and refuses what cannot be honoured before any work
 * starts: both domain lists at once (the SDK refuses it too), Firecrawl's developer index, bad scrape options.
 */
export function planSearch(teamId: string, body: SearchRequestDto, now = Date.now()): SearchPlan {
  if (body.includeDomains?.length && body.excludeDomains?.length) {
    throw new DomainError(ErrorCode.BadRequest, 'Bad Request: includeDomains and excludeDomains cannot both be given', [
      { path: 'excludeDomains', message: 'includeDomains and excludeDomains cannot both be given' },
    ]);
  }
  if (body.categories?.includes(DEVELOPER_CATEGORY)) {
    throw new DomainError(
      ErrorCode.UnsupportedOption,
      "The developer category is Firecrawl's own index, which this deployment does not have",
      { supportedCategories: ['github', 'research', 'pdf'] },
    );
  }
  const formats = body.scrapeOptions?.formats ?? [];
  const scrape = formats.length > 0 && body.scrapeOptions ? resolveScrapeOptions(body.scrapeOptions) : undefined;
  const request: WebSearchRequest = {
    teamId,
    query: body.query,
    limit: body.limit ?? DEFAULT_SEARCH_LIMIT,
    sources: [...new Set<SearchSource>(body.sources ?? ['web'])],
    deadlineAt: now + (body.timeout ?? DEFAULT_SEARCH_TIMEOUT_MS),
    ...(body.categories?.length ? { categories: [...new Set(body.categories)] as SearchCategory[] } : {}),
    ...(body.includeDomains?.length ? { includeDomains: body.includeDomains } : {}),
    ...(body.excludeDomains?.length ? { excludeDomains: body.excludeDomains } : {}),
    ...(body.tbs ? { tbs: body.tbs } : {}),
    ...(body.country ? { country: body.country } : {}),
    ...(body.lang ? { lang: body.lang } : {}),
    ...(body.location ? { location: body.location } : {}),
  };
  return { request, ...(scrape ? { scrape } : {}), ignoreInvalidUrls: body.ignoreInvalidURLs ?? false };
}

/** Firecrawl's price of a search: 2 credits per 10 results or part of 10, over every source (11 results cost 4). */
export function searchCredits(results: number): number {
  return Math.ceil(results / 10) * 2;
}
