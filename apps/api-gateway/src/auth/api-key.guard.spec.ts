import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { ExecutionContext } from '@nestjs/common';
import { ErrorCode, LOCAL_TEAM_ID, Subjects } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { Logger } from '@wh/platform/logging';
import type { NatsClient, NatsRequester } from '@wh/platform/messaging';
import { GatewayConfig } from '../gateway.config';
import { RequestAdmission } from '../http/overload/request-admission';
import { ApiKeyGuard } from './api-key.guard';
import { TeamAuthenticator } from './team-authenticator';
import type { AuthenticatedRequest } from './team-context';

function contextFor(request: Partial<AuthenticatedRequest>, response = new EventEmitter()): ExecutionContext {
  return {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ExecutionContext;
}

function setup(authDisabled: boolean, maxInFlight = 64) {
  const requester = { request: jest.fn().mockResolvedValue({ teamId: 'team-1', keyId: 'key-1', concurrencyLimit: 4 }) };
  const config = Object.assign(new GatewayConfig(), {
    AUTH_DISABLED: authDisabled,
    MAX_REQUESTS_IN_FLIGHT: maxInFlight,
  });
  const authenticator = new TeamAuthenticator(
    requester as unknown as NatsRequester,
    {} as NatsClient,
    config,
    {} as Logger,
  );
  return { requester, guard: new ApiKeyGuard(authenticator, new RequestAdmission(config)) };
}

describe('ApiKeyGuard', () => {
  it('resolves a Bearer key to its team, sending only the key hash', async () => {
    const { guard, requester } = setup(false);
    const request: Partial<AuthenticatedRequest> = { headers: { authorization: 'Bearer fc-secret' } };
    await expect(guard.canActivate(contextFor(request))).resolves.toBe(true);
    expect(requester.request).toHaveBeenCalledWith(
      Subjects.apiKeyVerify,
      { keyHash: createHash('sha256').update('fc-secret').digest('hex') },
      expect.any(Number),
    );
    expect(request.team).toEqual({ teamId: 'team-1', apiKeyId: 'key-1', concurrencyLimit: 4 });
  });

  it('asks billing once per key while the verification is fresh', async () => {
    const { guard, requester } = setup(false);
    for (let i = 0; i < 3; i += 1) {
      const request: Partial<AuthenticatedRequest> = { headers: { authorization: 'Bearer fc-secret' } };
      await guard.canActivate(contextFor(request));
      expect(request.team?.teamId).toBe('team-1');
    }
    await guard.canActivate(contextFor({ headers: { authorization: 'Bearer fc-other' } }));
    expect(requester.request).toHaveBeenCalledTimes(2);
  });

  it('asks billing once for a burst of requests with a key it is still verifying, and each gets the team', async () => {
    const { guard, requester } = setup(false);
    let answer: (reply: object) => void = () => undefined;
    requester.request.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const requests = Array.from({ length: 20 }, (): Partial<AuthenticatedRequest> => ({
      headers: { authorization: 'Bearer fc-burst' },
    }));
    const admitted = Promise.all(requests.map((request) => guard.canActivate(contextFor(request))));
    answer({ teamId: 'team-9', keyId: 'key-9', concurrencyLimit: 4 });
    await expect(admitted).resolves.toEqual(requests.map(() => true));
    expect(requests.map((request) => request.team?.teamId)).toEqual(requests.map(() => 'team-9'));
    expect(requester.request).toHaveBeenCalledTimes(1);
  });

  it('refuses every request of a burst whose key billing does not know, after one question', async () => {
    const { guard, requester } = setup(false);
    requester.request.mockRejectedValueOnce(new DomainError(ErrorCode.Unauthorized, 'Unauthorized: Invalid token'));
    const attempts = Array.from({ length: 5 }, () =>
      guard.canActivate(contextFor({ headers: { authorization: 'Bearer fc-unknown' } })),
    );
    for (const attempt of attempts) await expect(attempt).rejects.toMatchObject({ code: ErrorCode.Unauthorized });
    expect(requester.request).toHaveBeenCalledTimes(1);
    await expect(guard.canActivate(contextFor({ headers: { authorization: 'Bearer fc-unknown' } }))).resolves.toBe(
      true,
    );
    expect(requester.request).toHaveBeenCalledTimes(2);
  });

  it.each([undefined, 'Basic abc', 'Bearer', 'Bearer a b'])(
    'refuses the Authorization header %p',
    async (authorization) => {
      const { guard, requester } = setup(false);
      const attempt = guard.canActivate(contextFor({ headers: authorization === undefined ? {} : { authorization } }));
      await expect(attempt).rejects.toBeInstanceOf(DomainError);
      await expect(attempt).rejects.toMatchObject({ code: ErrorCode.Unauthorized });
      expect(requester.request).not.toHaveBeenCalled();
    },
  );

  it('lets every request through as the local team when auth is switched off, asking nobody', async () => {
    const { guard, requester } = setup(true);
    const request: Partial<AuthenticatedRequest> = { headers: {} };
    await expect(guard.canActivate(contextFor(request))).resolves.toBe(true);
    expect(request.team?.teamId).toBe(LOCAL_TEAM_ID);
    expect(requester.request).not.toHaveBeenCalled();
  });

  it('refuses a team over its share of a saturated replica with a 429 and Retry-After until a response closes', async () => {
    const { guard } = setup(false, 2);
    const open = [new EventEmitter(), new EventEmitter()];
    for (const response of open) {
      await guard.canActivate(contextFor({ headers: { authorization: 'Bearer fc-secret' } }, response));
    }

    const refused = guard.canActivate(contextFor({ headers: { authorization: 'Bearer fc-secret' } }));
    await expect(refused).rejects.toMatchObject({
      code: ErrorCode.RateLimitExceeded,
      details: { retryAfterSeconds: 1 },
    });

    open[0]?.emit('close');
    await expect(guard.canActivate(contextFor({ headers: { authorization: 'Bearer fc-secret' } }))).resolves.toBe(true);
  });

  it('keeps auth on by default', () => {
    expect(new GatewayConfig().AUTH_DISABLED).toBe(false);
  });
});
