import type { NextFunction, Request, Response } from 'express';
import { httpRequestDuration, httpRequests, secondsSince } from '@wh/platform/telemetry';

/** The label of a request no route took: its path would be unbounded (scanners, typos). */
const UNMATCHED = 'unmatched';

/** The route pattern the router matched (`/v2/crawl/:id`), never the path itself. */
function routeOf(request: Request): string {
  const route = (request.route as { path?: unknown } | undefined)?.path;
  if (typeof route !== 'string') return UNMATCHED;
  return `${request.baseUrl}${route}`;
}

/** Counts each answered request and observes its latency by method, route pattern and status. */
export function httpMetricsMiddleware(request: Request, response: Response, next: NextFunction): void {
  const startedAt = performance.now();
  response.once('finish', () => {
    const labels = { method: request.method, route: routeOf(request), status: String(response.statusCode) };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, secondsSince(startedAt));
  });
  next();
}
