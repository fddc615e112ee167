import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { EndpointKind, TeamCreditsReply } from '@wh/contracts';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { GatewayConfig } from '../gateway.config';
import { BilledGuard } from './billed.guard';
import type { BilledRequest } from './credit-allowance';
import type { RateLimiter } from './rate-limiter';
import type { TeamCredits } from './team-credits';

const standing: TeamCreditsReply = {
  planId: 'p',
  planCredits: 10,
  remainingCredits: 4,
  billingPeriodStart: '2026-11-01T00:00:00.000Z',
  billingPeriodEnd: '2026-12-01T00:00:00.000Z',
  concurrency: 2,
  rateLimits: { scrape: 5 },
};

function setup(kind: EndpointKind, of: () => Promise<TeamCreditsReply>) {
  const request: Partial<BilledRequest> = { team: { teamId: 'team-1', concurrencyLimit: 2 } };
  const context = {
    getHandler: () => undefined,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  const credits = { of: jest.fn(of), admit: jest.fn().mockResolvedValue(standing) };
  const limiter = { hit: jest.fn().mockResolvedValue(undefined) };
  const guard = new BilledGuard(
    { get: () => kind } as unknown as Reflector,
    credits as unknown as TeamCredits,
    new GatewayConfig(),
    limiter as unknown as RateLimiter,
  );
  return { guard, context, request, credits, limiter };
}

describe('BilledGuard', () => {
  it('counts the request against the kind’s rate limit, then admits it against the credits', async () => {
    const { guard, context, request, credits, limiter } = setup('scrape', async () => standing);

    await expect(guard.canActivate(context)).resolves.toBe(true);

    expect(limiter.hit).toHaveBeenCalledWith('team-1', 'scrape', 5);
    expect(credits.admit).toHaveBeenCalledWith('team-1');
    expect(request.remainingCredits).toBe(4);
  });

  it('charges nothing for a status read and counts it only when the plan limits status reads', async () => {
    const { guard, context, credits, limiter } = setup('status', async () => standing);

    await guard.canActivate(context);

    expect(limiter.hit).not.toHaveBeenCalled();
    expect(credits.admit).not.toHaveBeenCalled();
  });

  it('lets a status read through while billing does not answer, but not paid work', async () => {
    const away = async (): Promise<TeamCreditsReply> => {
      throw new DomainError(ErrorCode.ServiceUnavailable, 'no responders');
    };

    await expect(setup('status', away).guard.canActivate(setup('status', away).context)).resolves.toBe(true);
    const paid = setup('crawl', away);
    await expect(paid.guard.canActivate(paid.context)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
