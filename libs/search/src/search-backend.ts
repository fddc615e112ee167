import type { SearchCategory, SearchSource, SearchTimeFilter, WebSearchReply } from '@wh/contracts';

/** One query as every backend takes it; `limit` applies to each source. */
export interface SearchQuery {
  query: string;
  limit: number;
  sources: readonly SearchSource[];
  categories?: readonly SearchCategory[];
  includeDomains?: readonly string[];
  excludeDomains?: readonly string[];
  tbs?: SearchTimeFilter;
  /** ISO 3166-1 alpha-2. */
  country?: string;
  /** ISO 639-1. */
  lang?: string;
  location?: string;
  /** Epoch ms by which the answer must be back: no call outlives it. */
  deadlineAt: number;
  /** The caller's cancellation. */
  signal?: AbortSignal;
}

/**
 * A web search engine the operator runs or subscribes to. Answers one list per source asked for, each at most `limit`
 * long, ranked from 1; failures are `DomainError`s with the `SEARCH_*` codes.
 */
export interface SearchBackend {
  /** A short name for logs and boot lines (`searxng`). */
  readonly name: string;
  search(query: SearchQuery): Promise<WebSearchReply>;
}
