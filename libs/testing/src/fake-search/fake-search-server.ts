import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../fixture-server/loopback-listener';

/** One result as SearXNG's JSON API lists it (the fields its engines fill for general, news and image results). */
export interface FakeSearchHit {
  url: string;
  title?: string;
  content?: string;
  publishedDate?: string | null;
  img_src?: string;
  thumbnail_src?: string;
  resolution?: string;
  engine?: string;
  category?: string;
}

/** One scripted answer of the fake server. */
export type FakeSearchReply =
  /** A page of results, optionally late, and with engines SearXNG reports as failed (`[name, reason]`). */
  | { kind: 'results'; results: FakeSearchHit[]; unresponsiveEngines?: Array<[string, string]>; delayMs?: number }
  /** A page with no results: the end of the pages. */
  | { kind: 'empty' }
  /** An error status with an optional body and headers (`retry-after`). */
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> }
  /** Accepts the request and never answers (until the server closes). */
  | { kind: 'hang' };

/** The parameters of a `GET /search` as SearXNG reads them. */
export interface FakeSearchQuery {
  q: string;
  format?: string;
  pageno: number;
  categories?: string;
  language?: string;
  time_range?: string;
}

/** What a request received looked like, and what the server did with it. */
export interface FakeSearchRequest {
  path: string;
  query: FakeSearchQuery;
  headers: IncomingMessage['headers'];
  answer: FakeSearchReply;
}

export interface FakeSearch {
  /** `http://127.0.0.1:<port>`: a base URL as `SEARCH_URL` takes it. */
  url: string;
  /** Every request received, in order. */
  readonly requests: FakeSearchRequest[];
  /** Most requests being answered at the same time so far. */
  readonly maxInFlight: number;
  /** Queues replies, used one per request in order. */
  script(...replies: FakeSearchReply[]): void;
  /** Answers requests the script does not cover (default: an empty page). */
  otherwise(answer: (query: FakeSearchQuery) => FakeSearchReply): void;
  /** Drops queued replies and the recorded requests, and goes back to empty pages. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * An answer for {@link FakeSearch.otherwise}: the given results, `pageSize` to a page, whatever the query says (a
 * real engine may ignore `site:` too); past the last page, empty pages.
 */
export function pagedResults(
  results: FakeSearchHit[] | ((query: FakeSearchQuery) => FakeSearchHit[]),
  pageSize = 10,
): (query: FakeSearchQuery) => FakeSearchReply {
  return (query) => {
    const all = typeof results === 'function' ? results(query) : results;
    const page = all.slice((query.pageno - 1) * pageSize, query.pageno * pageSize);
    return page.length === 0 ? { kind: 'empty' } : { kind: 'results', results: page };
  };
}

/**
 * A SearXNG-compatible JSON search server on loopback for tests (`GET /search?format=json`), answering from a script
 * and recording every request, so tests can look at the query terms, pages and categories that were asked.
 */
export async function startFakeSearch(): Promise<FakeSearch> {
  const queue: FakeSearchReply[] = [];
  const requests: FakeSearchRequest[] = [];
  const emptyPages = (): FakeSearchReply => ({ kind: 'empty' });
  let fallback: (query: FakeSearchQuery) => FakeSearchReply = emptyPages;
  let inFlight = 0;
  let maxInFlight = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://fake-search');
    if (req.method !== 'GET' || url.pathname !== '/search') {
      sendJson(res, 404, { error: `no route ${req.method} ${url.pathname}` });
      return;
    }
    const params = url.searchParams;
    const query: FakeSearchQuery = {
      q: params.get('q') ?? '',
      pageno: Number(params.get('pageno') ?? '1'),
      ...optional('format', params.get('format')),
      ...optional('categories', params.get('categories')),
      ...optional('language', params.get('language')),
      ...optional('time_range', params.get('time_range')),
    };
    // As SearXNG does when the JSON format is not enabled in its settings.
    const answer: FakeSearchReply =
      query.format === 'json' ? (queue.shift() ?? fallback(query)) : { kind: 'status', status: 403, body: 'Forbidden' };
    requests.push({ path: `${url.pathname}${url.search}`, query, headers: req.headers, answer });
    if (answer.kind === 'hang') return;
    if (answer.kind === 'status') {
      res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8', ...answer.headers });
      res.end(answer.body ?? `<html><body>status ${answer.status}</body></html>`);
      return;
    }
    if (answer.kind === 'results' && answer.delayMs)
      await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    const results = answer.kind === 'results' ? answer.results : [];
    sendJson(res, 200, {
      query: query.q,
      number_of_results: 0,
      results: results.map((hit) => ({ engine: 'fake', category: categoryOf(query), ...hit })),
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [],
      unresponsive_engines: answer.kind === 'results' ? (answer.unresponsiveEngines ?? []) : [],
    });
  };

  const server = createServer((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => {
      inFlight -= 1;
    });
    req.resume();
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: String(error) });
    });
  });
  const { port, close } = await listenOnLoopback(server);

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get maxInFlight() {
      return maxInFlight;
    },
    script: (...replies) => {
      queue.push(...replies);
    },
    otherwise: (answer) => {
      fallback = answer;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      fallback = emptyPages;
    },
    close,
  };
}

function optional<K extends string>(key: K, value: string | null): Partial<Record<K, string>> {
  return value === null ? {} : ({ [key]: value } as Record<K, string>);
}

function categoryOf(query: FakeSearchQuery): string {
  return query.categories?.split(',')[0] ?? 'general';
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
