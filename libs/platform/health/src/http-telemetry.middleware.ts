import type { NextFunction, Request, Response } from 'express';
import {
  extractTraceContext,
  httpRequestDuration,
  httpRequests,
  secondsSince,
  SpanKind,
  startSpan,
  withContext,
} from '@wh/platform/telemetry';

/** The label of a request no route took: its path would be unbounded (scanners, typos). */
const UNMATCHED = 'unmatched';

/** The route pattern the router matched (`/v2/crawl/:id`), never the path itself. */
function routeOf(request: Request): string {
  const route = (request.route as { path?: unknown } | undefined)?.path;
  if (typeof route !== 'string') return UNMATCHED;
  return `${request.baseUrl}${route}`;
}

/**
 * Counts each answered request and observes its latency by method, route pattern and status, in a server span that
 * continues the caller's trace (`traceparent`) and is the parent of everything the request causes.
 */
export function httpTelemetryMiddleware(request: Request, response: Response, next: NextFunction): void {
  const startedAt = performance.now();
  const { span, context } = startSpan(request.method, {
    kind: SpanKind.SERVER,
    parent: extractTraceContext((name) => request.header(name)),
  });
  response.once('finish', () => {
    const route = routeOf(request);
    const labels = { method: request.method, route, status: String(response.statusCode) };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, secondsSince(startedAt));
    span.updateName(`${request.method} ${route}`);
    span.setAttributes({
      'http.request.method': request.method,
      'http.route': route,
      'http.response.status_code': response.statusCode,
    });
    span.end();
  });
  withContext(context, next);
}
