import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a fixture route handler gets for one request. */
export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  /** The request URL resolved against the server's own origin. */
  url: URL;
  /** Values of the `:name` segments of the route pattern. */
  params: Record<string, string>;
  /** Waits `ms`; resolves false instead if the client went away or the server is closing. */
  delay(ms: number): Promise<boolean>;
}

/** One path of a fixture site; `pattern` segments starting with `:` capture a value. */
export interface FixtureRoute {
  pattern: string;
  handle(context: RouteContext): void | Promise<void>;
}

/** The params of `pattern` if `pathname` matches it. */
export function matchRoute(pattern: string, pathname: string): Record<string, string> | undefined {
  const expected = pattern.split('/');
  const actual = pathname.split('/');
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index] ?? '';
    if (segment.startsWith(':')) {
      if (value === '') return undefined;
      params[segment.slice(1)] = decodeURIComponent(value);
    } else if (segment !== value) {
      return undefined;
    }
  }
  return params;
}

/** Sends a complete response with a Content-Length. */
export function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer = '',
): void {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, { ...headers, 'content-length': String(bytes.length) });
  res.end(bytes);
}

/** Sends a UTF-8 HTML page. */
export function sendHtml(res: ServerResponse, html: string, status = 200): void {
  send(res, status, { 'content-type': 'text/html; charset=utf-8' }, html);
}

/** An integer query parameter clamped to [min, max], or the fallback when absent or not a number. */
export function numberParam(url: URL, name: string, fallback: number, min: number, max: number): number {
  const raw = url.searchParams.get(name);
  const value = raw === null ? Number.NaN : Number(raw);
  if (!Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, value));
}
