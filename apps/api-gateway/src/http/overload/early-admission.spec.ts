import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { ErrorCode } from '@wh/contracts';
import type { Logger } from '@wh/platform/logging';
import type { TeamAuthenticator } from '../../auth/team-authenticator';
import type { AuthenticatedRequest, TeamContext } from '../../auth/team-context';
import { GatewayConfig } from '../../gateway.config';
import { ApiExceptionFilter } from '../api-exception.filter';
import { earlyAdmission } from './early-admission';
import { RequestAdmission } from './request-admission';

class FakeResponse extends EventEmitter {
  statusCode = 0;
  body: unknown;
  readonly headers = new Map<string, string>();
  setHeader(name: string, value: string): this {
    this.headers.set(name.toLowerCase(), value);
    return this;
  }
  status(code: number): this {
    this.statusCode = code;
    return this;
  }
  json(body: unknown): this {
    this.body = body;
    return this;
  }
}

const KNOWN: Record<string, TeamContext> = { 'fc-flood': { teamId: 'flood', concurrencyLimit: 2 } };

function setup(maxInFlight: number) {
  const admission = new RequestAdmission(Object.assign(new GatewayConfig(), { MAX_REQUESTS_IN_FLIGHT: maxInFlight }));
  const authenticator = { knownTeam: (key?: string) => (key ? KNOWN[key] : undefined) } as TeamAuthenticator;
  const middleware = earlyAdmission(authenticator, admission, new ApiExceptionFilter({} as Logger));
  const send = (key: string, path = '/v2/scrape', method = 'POST') => {
    const request = {
      method,
      path,
      headers: { authorization: `Bearer ${key}` },
      header: () => undefined,
    } as unknown as AuthenticatedRequest;
    const response = new FakeResponse();
    const next = jest.fn();
    middleware(request as Request, response as unknown as Response, next);
    return { request, response, passedOn: next.mock.calls.length === 1 };
  };
  return { admission, send };
}

describe('earlyAdmission', () => {
  it('admits a known team before the body is read, with its team set, and counts it once', () => {
    const { admission, send } = setup(1);
    const { request, response, passedOn } = send('fc-flood');
    expect(passedOn).toBe(true);
    expect(request.team?.teamId).toBe('flood');
    // The replica's one place is taken; the guard's admission of the same request does not ask for a second.
    expect(() => admission.admit('flood', response as unknown as Response)).not.toThrow();
    expect(send('fc-flood').passedOn).toBe(false);
    response.emit('close');
    expect(send('fc-flood').passedOn).toBe(true);
  });

  it('answers a known team past its share with 429 and Retry-After at once, without passing the request on', () => {
    const { send } = setup(2);
    expect([send('fc-flood').passedOn, send('fc-flood').passedOn]).toEqual([true, true]);
    const refused = send('fc-flood');
    expect(refused.passedOn).toBe(false);
    expect(refused.response.statusCode).toBe(429);
    expect(refused.response.headers.get('retry-after')).toBe('1');
    expect(refused.response.headers.has('x-request-id')).toBe(true);
    expect(refused.response.body).toMatchObject({ success: false, code: ErrorCode.RateLimitExceeded });
  });

  it('leaves unknown keys, reads and other routes to the guard', () => {
    const { send } = setup(1);
    send('fc-flood');
    for (const [key, path, method] of [
      ['fc-unknown', '/v2/scrape', 'POST'],
      ['fc-flood', '/v2/crawl/123', 'GET'],
      ['fc-flood', '/v2/team/credit-usage', 'POST'],
    ] as const) {
      const { request, passedOn } = send(key, path, method);
      expect(passedOn).toBe(true);
      expect(request.team).toBeUndefined();
    }
  });
});
