import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@wh/contracts';
import type { Logger } from '@wh/platform/logging';
import type { TeamAuthenticator } from '../../auth/team-authenticator';
import type { AuthenticatedRequest, TeamContext } from '../../auth/team-context';
import { GatewayConfig } from '../../gateway.config';
import { ApiExceptionFilter } from '../api-exception.filter';
import { earlyAdmission, installBeforeRouting } from './early-admission';
import { RequestAdmission } from './request-admission';

const KNOWN: Record<string, TeamContext> = { 'fc-flood': { teamId: 'flood', concurrencyLimit: 2 } };

interface Routed {
  team: string | undefined;
  response: ServerResponse;
}

/** A server whose own listener (express, in the gateway) answers after `holdMs`, with early admission in front. */
async function setup(maxInFlight: number, holdMs = 0) {
  const admission = new RequestAdmission(Object.assign(new GatewayConfig(), { MAX_REQUESTS_IN_FLIGHT: maxInFlight }));
  const authenticator = { knownTeam: (key?: string) => (key ? KNOWN[key] : undefined) } as TeamAuthenticator;
  const routed: Routed[] = [];
  let onRouted = (): void => undefined;
  const nextRouted = () => new Promise<void>((resolve) => (onRouted = resolve));
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    routed.push({ team: (request as AuthenticatedRequest).team?.teamId, response });
    onRouted();
    request.resume();
    setTimeout(() => response.end('routed'), holdMs);
  });
  installBeforeRouting(server, earlyAdmission(authenticator, admission, new ApiExceptionFilter({} as Logger)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const send = (key: string, path = '/v2/scrape', method = 'POST') =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-request-id': 'req-1' },
      body: method === 'POST' ? JSON.stringify({ url: 'https://example.com', padding: 'x'.repeat(20_000) }) : undefined,
    });
  const close = () => new Promise((resolve) => server.close(resolve));
  return { admission, routed, nextRouted, send, close };
}

describe('earlyAdmission', () => {
  it('admits a known team before express sees the request, with its team set, and counts it once', async () => {
    const { admission, routed, nextRouted, send, close } = await setup(1, 200);
    try {
      const routedOnce = nextRouted();
      const first = send('fc-flood');
      await routedOnce;
      expect(routed.map((entry) => entry.team)).toEqual(['flood']);
      // The replica's one place is taken; the guard's admission of the same request does not ask for a second.
      const held = routed[0]?.response;
      expect(held && admission.tryAdmit('flood', held)).toBeUndefined();
      expect((await send('fc-flood')).status).toBe(429);
      expect((await first).status).toBe(200);
      expect((await send('fc-flood')).status).toBe(200);
    } finally {
      await close();
    }
  });

  it('answers a known team past its share with 429, Retry-After and the Firecrawl body, without routing it', async () => {
    const { routed, nextRouted, send, close } = await setup(2, 500);
    try {
      const first = nextRouted();
      const admitted = [send('fc-flood')];
      await first;
      const second = nextRouted();
      admitted.push(send('fc-flood'));
      await second;
      const refused = await send('fc-flood');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(refused.headers.get('x-request-id')).toBe('req-1');
      expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await refused.json()).toEqual({
        success: false,
        code: ErrorCode.RateLimitExceeded,
        error: expect.stringContaining('at capacity') as unknown,
        details: { retryAfterSeconds: 1 },
      });
      expect(routed).toHaveLength(2);
      // The refused request's unread body does not spoil its connection for the next request.
      expect((await Promise.all(admitted)).map((response) => response.status)).toEqual([200, 200]);
      expect((await send('fc-flood')).status).toBe(200);
    } finally {
      await close();
    }
  });

  it('leaves unknown keys, reads and other routes to express, without a team', async () => {
    const { routed, send, close } = await setup(1);
    try {
      for (const [key, path, method] of [
        ['fc-unknown', '/v2/scrape', 'POST'],
        ['fc-flood', '/v2/crawl/123', 'GET'],
        ['fc-flood', '/v2/team/credit-usage', 'POST'],
      ] as const) {
        expect((await send(key, path, method)).status).toBe(200);
      }
      expect(routed.map((entry) => entry.team)).toEqual([undefined, undefined, undefined]);
    } finally {
      await close();
    }
  });

  it('reads the route without its query string', async () => {
    const { routed, send, close } = await setup(1);
    try {
      await send('fc-flood', '/v2/scrape?source=sdk');
      expect(routed.map((entry) => entry.team)).toEqual(['flood']);
    } finally {
      await close();
    }
  });
});
