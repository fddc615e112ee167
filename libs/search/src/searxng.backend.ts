import { Agent, type Dispatcher, request as undiciRequest } from 'undici';
import type { SearchSource, WebSearchReply } from '@wh/contracts';
import {
  acquireAttemptSlot,
  describeNoAttemptSlot,
  readLimited,
  type BackoffPolicy,
  parseRetryAfter,
  retryDelayMs,
  Semaphore,
  sleep,
} from '@wh/platform/outbound';
import { DomainError } from '@wh/platform/errors';
import type { SearchBackend, SearchQuery } from './search-backend';
import { searchTimeout, searchUnavailable } from './search-errors';
import { keptByDomains } from './search-terms';
import {
  answersSource,
  imageResult,
  newsResult,
  type SearxngResult,
  searxngPageUrl,
  searxngSearchUrl,
  unsupportedByServer,
  webResult,
} from './searxng-protocol';

export interface SearxngOptions {
  /** The instance's base URL (`http://searxng:8080`); credentials in it are sent as HTTP basic auth. */
  baseUrl: string;
  /** Longest one HTTP attempt may take; shortened to what is left of the caller's deadline. */
  timeoutMs: number;
  /** HTTP calls in flight at once in this process. */
  maxConcurrency: number;
  /** Further attempts after a 429, a 5xx, a timeout or a network failure. */
  retries?: number;
  backoff?: BackoffPolicy;
  /** Most result pages asked per source and query; by default a few more than `limit` needs without filtering. */
  maxPages?: number;
  /** Largest reply body read, so a misbehaving server cannot exhaust memory. */
  maxResponseBytes?: number;
  dispatcher?: Dispatcher;
}

type Hit = SearxngResult & { url: string };

interface SearxngPage {
  results: SearxngResult[];
  /** Engines SearXNG asked that failed (`google (timeout)`): why a page came back empty. */
  unresponsive: string[];
}

type AttemptOutcome =
  | { kind: 'ok'; page: SearxngPage }
  | { kind: 'http'; status: number; message: string; retryAfterMs?: number }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'network'; error: unknown };

interface Collected {
  hits: Hit[];
  warning?: string;
}

const DEFAULT_BACKOFF: BackoffPolicy = { baseDelayMs: 250, maxDelayMs: 4_000 };
/** SearXNG's general category answers about ten results a page with its default engines. */
const RESULTS_PER_PAGE = 10;
const MAX_PAGES = 12;

/**
 * SearXNG's JSON API (`GET /search?format=json`), what Firecrawl self-hosted uses. Each source is its own SearXNG
 * category, asked page by page until `limit` results pass the domain filters (engines that ignore `site:` are caught
 * here), the pages run dry or stop bringing new URLs. A later page that fails leaves the results so far and a warning;
 * a source whose first page fails is an error, and so is a query whose every source failed.
 */
export class SearxngBackend implements SearchBackend {
  readonly name = 'searxng';
  private readonly searchUrl: URL;
  private readonly headers: Record<string, string>;
  private readonly semaphore: Semaphore;
  private readonly dispatcher: Dispatcher;
  private readonly retries: number;
  private readonly backoff: BackoffPolicy;

  constructor(private readonly options: SearxngOptions) {
    const base = new URL(options.baseUrl);
    this.headers = { accept: 'application/json', 'user-agent': 'webharvest-search/1 (+SearXNG JSON API)' };
    if (base.username) {
      const user = decodeURIComponent(base.username);
      const password = decodeURIComponent(base.password);
      this.headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
      base.username = '';
      base.password = '';
    }
    this.searchUrl = searxngSearchUrl(base.toString());
    this.semaphore = new Semaphore(options.maxConcurrency);
    // Timeouts come from each call's abort signal, not from the agent's fixed ones.
    this.dispatcher = options.dispatcher ?? new Agent({ headersTimeout: 0, bodyTimeout: 0, keepAliveTimeout: 30_000 });
    this.retries = options.retries ?? 2;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
  }

  /** The instance's host, for boot lines: never its credentials. */
  get host(): string {
    return this.searchUrl.host;
  }

  async search(query: SearchQuery): Promise<WebSearchReply> {
    const sources = [...new Set(query.sources)];
    const settled = await Promise.allSettled(sources.map((source) => this.collect(query, source)));
    const failures = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    if (failures.length === settled.length && failures.length > 0) throw failures[0];

    const reply: WebSearchReply = {};
    const warnings = unsupportedByServer(query);
    sources.forEach((source, index) => {
      const outcome = settled[index];
      if (outcome.status === 'rejected') {
        const reason = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
        warnings.push(`${source} results are missing: ${reason}`);
        return;
      }
      if (outcome.value.warning) warnings.push(outcome.value.warning);
      this.fill(reply, source, outcome.value.hits, query);
    });
    if (warnings.length > 0) reply.warning = warnings.join('; ');
    return reply;
  }

  private fill(reply: WebSearchReply, source: SearchSource, hits: Hit[], query: SearchQuery): void {
    if (source === 'web') reply.web = hits.map((hit, index) => webResult(hit, index + 1, query));
    if (source === 'news') reply.news = hits.map((hit, index) => newsResult(hit, index + 1));
    if (source === 'images') reply.images = hits.map((hit, index) => imageResult(hit, index + 1));
  }

  /** One source's results, page after page, until `limit` of them pass the filters. */
  private async collect(query: SearchQuery, source: SearchSource): Promise<Collected> {
    const seen = new Set<string>();
    const hits: Hit[] = [];
    const pages = this.options.maxPages ?? Math.min(MAX_PAGES, Math.ceil(query.limit / RESULTS_PER_PAGE) + 2);
    for (let page = 1; page <= pages && hits.length < query.limit; page += 1) {
      let results: SearxngResult[];
      try {
        const answer = await this.fetchPage(searxngPageUrl(this.searchUrl, query, source, page), query);
        results = answer.results;
        if (page === 1 && results.length === 0 && answer.unresponsive.length > 0) {
          return {
            hits,
            warning: `no ${source} results: SearXNG's engines failed (${answer.unresponsive.join(', ')})`,
          };
        }
      } catch (error) {
        if (page === 1) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        return { hits, warning: `${source} page ${page} failed, so fewer results than asked: ${reason}` };
      }
      let fresh = 0;
      for (const result of results) {
        const url = typeof result.url === 'string' ? result.url : undefined;
        if (!url || seen.has(url)) continue;
        seen.add(url);
        fresh += 1;
        if (keptByDomains(url, query) && answersSource(result, source)) hits.push({ ...result, url });
      }
      // An empty page is the end; a page of URLs already seen means the engines are repeating themselves.
      if (fresh === 0) break;
    }
    return { hits: hits.slice(0, query.limit) };
  }

  private async fetchPage(url: URL, query: SearchQuery): Promise<SearxngPage> {
    for (let attempt = 0; ; attempt += 1) {
      const outcome = await this.attempt(url, query);
      if (outcome.kind === 'ok') return outcome.page;
      const retryable =
        outcome.kind !== 'http' || outcome.status === 429 || (outcome.status >= 500 && outcome.status <= 599);
      if (!retryable || attempt >= this.retries) throw failure(outcome, attempt + 1);
      const delay = retryDelayMs(attempt + 1, this.backoff, outcome.kind === 'http' ? outcome.retryAfterMs : undefined);
      const left = query.deadlineAt - Date.now();
      if (delay >= left) {
        throw failure(
          outcome,
          attempt + 1,
          `the next try would wait ${delay} ms, more than the ${Math.max(0, left)} ms left`,
        );
      }
      await sleep(delay, query.signal).catch(() => {
        throw searchTimeout('the caller stopped waiting for the search');
      });
    }
  }

  /** One HTTP attempt inside a concurrency slot, bounded by the configured timeout and the caller's deadline. */
  private async attempt(url: URL, query: SearchQuery): Promise<AttemptOutcome> {
    const slot = await acquireAttemptSlot(this.semaphore, {
      timeoutMs: this.options.timeoutMs,
      deadlineAt: query.deadlineAt,
      signal: query.signal,
    });
    if ('refused' in slot) {
      const refusal = describeNoAttemptSlot(slot, { call: 'the search', slot: 'search' }, this.options.maxConcurrency);
      throw searchTimeout(refusal.message, refusal.details);
    }
    const { signal, timeoutMs } = slot;
    try {
      const response = await undiciRequest(url, {
        method: 'GET',
        headers: this.headers,
        signal,
        dispatcher: this.dispatcher,
      });
      const text = await readLimited(response.body, this.options.maxResponseBytes ?? 8 * 1024 * 1024, tooLarge);
      if (response.statusCode < 200 || response.statusCode >= 300) {
        return {
          kind: 'http',
          status: response.statusCode,
          message: text.replace(/\s+/g, ' ').trim().slice(0, 300),
          retryAfterMs: parseRetryAfter(response.headers['retry-after']),
        };
      }
      return { kind: 'ok', page: pageOf(text, response.statusCode) };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (query.signal?.aborted) throw searchTimeout('the caller stopped waiting for the search');
      if (signal.aborted) return { kind: 'timeout', timeoutMs };
      return { kind: 'network', error };
    } finally {
      slot.release();
    }
  }
}

/** A SearXNG JSON reply; anything else (an HTML page, a proxy's error) is refused. */
function pageOf(text: string, status: number): SearxngPage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw searchUnavailable(
      'the search backend answered with something other than JSON: is SEARCH_URL a SearXNG instance?',
      { status },
      false,
    );
  }
  const { results, unresponsive_engines: unresponsive } =
    (parsed as { results?: unknown; unresponsive_engines?: unknown } | null) ?? {};
  if (!Array.isArray(results)) {
    throw searchUnavailable(
      'the search backend answered JSON without a results list: is SEARCH_URL a SearXNG instance?',
      { status },
      false,
    );
  }
  return {
    results: results.filter((entry): entry is SearxngResult => typeof entry === 'object' && entry !== null),
    unresponsive: Array.isArray(unresponsive) ? unresponsive.map(engineFailure) : [],
  };
}

/** SearXNG lists a failed engine as `[name, reason]`. */
function engineFailure(entry: unknown): string {
  return Array.isArray(entry) ? `${String(entry[0])} (${String(entry[1])})` : String(entry);
}

function failure(outcome: Exclude<AttemptOutcome, { kind: 'ok' }>, attempts: number, why?: string): DomainError {
  const after = why ? ` (${why})` : '';
  if (outcome.kind === 'timeout') {
    return searchTimeout(`the search backend did not answer within ${outcome.timeoutMs} ms${after}`, {
      timeoutMs: outcome.timeoutMs,
      attempts,
    });
  }
  if (outcome.kind === 'network') {
    const cause = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    const code = (outcome.error as { code?: string } | undefined)?.code;
    return searchUnavailable(
      `the search backend could not be reached${after}: ${cause}`,
      { attempts, ...(code ? { cause: code } : {}) },
      true,
    );
  }
  const retryAfter =
    outcome.retryAfterMs !== undefined
      ? { retryAfterSeconds: Math.max(1, Math.ceil(outcome.retryAfterMs / 1000)) }
      : {};
  const details = { status: outcome.status, attempts, ...retryAfter };
  if (outcome.status === 403) {
    return searchUnavailable(
      'the SearXNG instance refused the JSON format (HTTP 403): add json to search.formats in its settings.yml',
      details,
      false,
    );
  }
  if (outcome.status === 429) {
    return searchUnavailable(`the search backend is rate limiting this deployment (HTTP 429)${after}`, details, true);
  }
  const retryable = outcome.status >= 500;
  return searchUnavailable(
    `the search backend answered HTTP ${outcome.status}${after}${outcome.message ? `: ${outcome.message}` : ''}`,
    details,
    retryable,
  );
}

function tooLarge(maxBytes: number): Error {
  return searchUnavailable(`the search backend's answer exceeded ${maxBytes} bytes`, { maxBytes }, false);
}
