import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { HTTP_REQUEST_ID_HEADER } from '@wh/contracts';
import { withCorrelationId } from '@wh/platform/logging';

/** Gives each request a correlation id (the client's `x-request-id` when sane) that follows it over NATS. */
export function correlationMiddleware(request: Request, response: Response, next: NextFunction): void {
  const offered = request.header(HTTP_REQUEST_ID_HEADER);
  const correlationId = offered && /^[\w.-]{1,128}$/.test(offered) ? offered : randomUUID();
  response.setHeader(HTTP_REQUEST_ID_HEADER, correlationId);
  withCorrelationId(correlationId, () => next());
}
