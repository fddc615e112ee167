import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { HTTP_REQUEST_ID_HEADER } from '@wh/contracts';
import { withCorrelationId } from '@wh/platform/logging';

/** The client's `x-request-id` when sane, otherwise a new one. */
export function correlationIdFor(offered: string | string[] | undefined): string {
  return typeof offered === 'string' && /^[\w.-]{1,128}$/.test(offered) ? offered : randomUUID();
}

/** Gives each request a correlation id (the client's `x-request-id` when sane) that follows it over NATS. */
export function correlationMiddleware(request: Request, response: Response, next: NextFunction): void {
  const correlationId = correlationIdFor(request.headers[HTTP_REQUEST_ID_HEADER]);
  response.setHeader(HTTP_REQUEST_ID_HEADER, correlationId);
  withCorrelationId(correlationId, () => next());
}
