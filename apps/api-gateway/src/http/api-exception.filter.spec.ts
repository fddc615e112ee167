import type { ArgumentsHost } from '@nestjs/common';
import { ErrorCode } from '@wh/contracts';
import { DomainError, toDomainError } from '@wh/platform/errors';
import type { Logger } from '@wh/platform/logging';
import { ApiExceptionFilter, SERVICE_UNAVAILABLE_MESSAGE } from './api-exception.filter';

function respond(exception: unknown): {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  logged: unknown[];
} {
  const logged: unknown[] = [];
  const logger = { error: (fields: unknown) => logged.push(fields) } as unknown as Logger;
  const reply = { status: 0, body: undefined as unknown, headers: {} as Record<string, string> };
  const response = {
    setHeader: (name: string, value: string) => void (reply.headers[name] = value),
    status(code: number) {
      reply.status = code;
      return this;
    },
    json(body: unknown) {
      reply.body = body;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  new ApiExceptionFilter(logger).catch(exception, host);
  return { ...reply, logged };
}

describe('ApiExceptionFilter', () => {
  it('sends a domain error with its code and message', () => {
    const { status, body } = respond(new DomainError(ErrorCode.ScrapeTimeout, 'Scrape timed out'));
    expect(status).toBe(408);
    expect(body).toEqual({ success: false, error: 'Scrape timed out', code: ErrorCode.ScrapeTimeout });
  });

  it("keeps a dependency's failure in its own words out of the response and in the log", () => {
    const failure = new DomainError(
      ErrorCode.ServiceUnavailable,
      'publish to scrape.job.run failed: NatsError: TIMEOUT',
      undefined,
      true,
    );
    const { status, body, logged } = respond(failure);
    expect(status).toBe(503);
    expect(body).toEqual({
      success: false,
      error: SERVICE_UNAVAILABLE_MESSAGE,
      code: ErrorCode.ServiceUnavailable,
    });
    expect(logged).toEqual([{ err: failure }]);
  });

  it('answers a temporary database failure (a deadlock in the owning service) with a 503 and Retry-After', () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const { status, body, headers } = respond(DomainError.fromWire(toDomainError(deadlock).toWire()));
    expect(status).toBe(503);
    expect(body).toEqual({ success: false, error: SERVICE_UNAVAILABLE_MESSAGE, code: ErrorCode.ServiceUnavailable });
    expect(headers).toEqual({ 'Retry-After': '1' });
  });

  it("keeps an internal error's own words out of the response and in the log", () => {
    const failure = toDomainError(new Error('connect ECONNREFUSED 10.0.0.7:5432'));
    const { status, body, logged } = respond(failure);
    expect(status).toBe(500);
    expect(body).toEqual({ success: false, error: 'Internal server error', code: ErrorCode.Internal });
    expect(JSON.stringify(body)).not.toContain('10.0.0.7');
    expect(logged).toEqual([{ err: failure }]);
  });
});
