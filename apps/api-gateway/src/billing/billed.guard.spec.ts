import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { EndpointKind, TeamCreditsReply } from '@wh/contracts';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { GatewayConfig } from '../gateway.config';
import { Billed, BilledGuard, type BillingOptions } from './billed.guard';
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
  planTokens: null,
  remainingTokens: null,
};

/** The rule `@Billed(kind, options)` stores on its route, as the guard reads it. */
function ruleOf(kind: EndpointKind, options: BillingOptions): unknown {
  class Route {
    @Billed(kind, options)
    handle(): void {}
  }
  return new Reflector().get('wh:billing-rule', Route.prototype.handle);
}

function setup(kind: EndpointKind, of: () => Promise<TeamCreditsReply>, options: BillingOptions = {}) {
  const request: Partial<BilledRequest> = { team: { teamId: 'team-1', concurrencyLimit: 2 } };
  const context = {
    getHandler: () => undefined,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  const credits = { of: jest.fn(of), admit: jest.fn().mockResolvedValue(standing) };
  const limiter = { hit: jest.fn().mockResolvedValue(undefined) };
  const guard = new BilledGuard(
    { get: () => ruleOf(kind, options) } as unknown as Reflector,
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
    expect(credits.admit).toHaveBeenCalledWith('team-1', 1, standing);
    expect(request.remainingCredits).toBe(4);
  });

  it('charges nothing for a status read and counts it only when the plan limits status reads', async () => {
    const { guard, context, credits, limiter } = setup('status', async () => standing);

    await guard.canActivate(context);

    expect(limiter.hit).not.toHaveBeenCalled();
    expect(credits.admit).not.toHaveBeenCalled();

    const limited = setup('status', async () => ({ ...standing, rateLimits: { status: 3 } }));
    await limited.guard.canActivate(limited.context);
    expect(limited.limiter.hit).toHaveBeenCalledWith('team-1', 'status', 3);
    expect(limited.credits.admit).not.toHaveBeenCalled();
  });

  it('lets a status read through while billing does not answer, but not paid work', async () => {
    const away = async (): Promise<TeamCreditsReply> => {
      throw new DomainError(ErrorCode.ServiceUnavailable, 'no responders');
    };

    await expect(setup('status', away).guard.canActivate(setup('status', away).context)).resolves.toBe(true);
    const paid = setup('crawl', away);
    await expect(paid.guard.canActivate(paid.context)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('admits a route only with the minimum credits it declares, under its own kind’s rate limit', async () => {
    const { guard, context, credits, limiter } = setup('map', async () => ({ ...standing, rateLimits: { map: 9 } }), {
      minimumCredits: 3,
    });

    await guard.canActivate(context);

    expect(limiter.hit).toHaveBeenCalledWith('team-1', 'map', 9);
    expect(credits.admit).toHaveBeenCalledWith('team-1', 3, { ...standing, rateLimits: { map: 9 } });
  });

  it('refuses work that spends tokens once the plan’s tokens are used up, and not on an unlimited token plan', async () => {
    const spent = setup('extract', async () => ({ ...standing, planTokens: 1000, remainingTokens: 0 }), {
      spendsTokens: true,
      minimumCredits: 5,
    });
    await expect(spent.guard.canActivate(spent.context)).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(spent.credits.admit).not.toHaveBeenCalled();

    const unlimited = setup('extract', async () => standing, { spendsTokens: true });
    await expect(unlimited.guard.canActivate(unlimited.context)).resolves.toBe(true);
  });

  it('refuses a minimum that is not a whole number of credits when the route is declared', () => {
    expect(() => Billed('search', { minimumCredits: 0.5 })).toThrow(/minimumCredits/);
  });
});
