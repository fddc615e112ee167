import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type EndpointKind, ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { BilledRequest } from './credit-allowance';
import { GatewayConfig } from '../gateway.config';
import { RateLimiter } from './rate-limiter';
import { TeamCredits } from './team-credits';

const BILLING_RULE = 'wh:billing-rule';

/** The 402 of work that spends LLM tokens once the plan's tokens of the period are used up. */
export const INSUFFICIENT_TOKENS_MESSAGE =
  'Insufficient tokens to perform this request: your plan’s LLM tokens for this billing period are used up.';

/** Kinds whose requests are free: only their rate limit applies. */
const FREE_KINDS: ReadonlySet<EndpointKind> = new Set(['status']);

/** What a route declares about its cost beyond its kind. */
export interface BillingOptions {
  /**
   * The least the request can cost: a team with fewer credits left gets a 402 before anything starts. Default 1
   * for the paid kinds, 0 (never refused for credits) for `status`.
   */
  minimumCredits?: number;
  /** The work spends LLM tokens: refused with a 402 once a plan with a token allowance has none left. */
  spendsTokens?: boolean;
}

interface BillingRule {
  kind: EndpointKind;
  minimumCredits: number;
  spendsTokens: boolean;
}

/**
 * Marks a route as one of the plan's endpoint kinds: the team's per-minute rate limit of that kind, then (for kinds
 * that start paid work) its credits, at least `minimumCredits` of them, are checked before the handler runs. Put it
 * on a method of a controller guarded by ApiKeyGuard (method guards run after the controller's, so the team is
 * known). `@Billed('extract', { minimumCredits: 20, spendsTokens: true })`.
 */
export const Billed = (kind: EndpointKind, options: BillingOptions = {}) => {
  const rule: BillingRule = {
    kind,
    minimumCredits: options.minimumCredits ?? (FREE_KINDS.has(kind) ? 0 : 1),
    spendsTokens: options.spendsTokens ?? false,
  };
  if (!Number.isInteger(rule.minimumCredits) || rule.minimumCredits < 0) {
    throw new Error(`@Billed('${kind}'): minimumCredits must be a whole number of at least 0`);
  }
  return applyDecorators(SetMetadata(BILLING_RULE, rule), UseGuards(BilledGuard));
};

@Injectable()
export class BilledGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(TeamCredits) private readonly credits: TeamCredits,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Single-user local mode bills nobody.
    if (this.config.AUTH_DISABLED) return true;
    const rule = this.reflector.get<BillingRule | undefined>(BILLING_RULE, context.getHandler());
    const request = context.switchToHttp().getRequest<BilledRequest>();
    const team = request.team;
    if (!rule || !team) throw new Error('@Billed used on a route without ApiKeyGuard');
    const paid = rule.minimumCredits > 0 || rule.spendsTokens;
    let standing;
    try {
      standing = await this.credits.of(team.teamId);
    } catch (error) {
      // Work that costs credits waits for billing to answer; a free read is not refused for it.
      if (paid) throw error;
      return true;
    }
    // As Firecrawl does: the rate limit first (a refused request costs nothing), then the credits.
    const perMinute = standing.rateLimits[rule.kind];
    if (perMinute !== undefined) await this.limiter.hit(team.teamId, rule.kind, perMinute);
    if (rule.spendsTokens && standing.remainingTokens !== null && standing.remainingTokens <= 0) {
      throw new DomainError(ErrorCode.InsufficientCredits, INSUFFICIENT_TOKENS_MESSAGE);
    }
    if (rule.minimumCredits > 0) {
      request.remainingCredits = (
        await this.credits.admit(team.teamId, rule.minimumCredits, standing)
      ).remainingCredits;
    }
    return true;
  }
}
