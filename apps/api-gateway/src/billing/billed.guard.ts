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
import type { EndpointKind } from '@wh/contracts';
import type { BilledRequest } from './credit-allowance';
import { GatewayConfig } from '../gateway.config';
import { RateLimiter } from './rate-limiter';
import { TeamCredits } from './team-credits';

const ENDPOINT_KIND = 'wh:endpoint-kind';

/** Kinds whose requests start work that is charged in credits: refused with a 402 when none are left. */
const CREDIT_KINDS: ReadonlySet<EndpointKind> = new Set(['scrape', 'crawl', 'batch', 'extract', 'browser']);

/**
 * Marks a route as one of the plan's endpoint kinds: the team's per-minute rate limit of that kind, then (for kinds
 * that start paid work) its credits, are checked before the handler runs. Put it
 * on a method of a controller guarded by ApiKeyGuard (method guards run after the controller's, so the team is known).
 */
export const Billed = (kind: EndpointKind) => applyDecorators(SetMetadata(ENDPOINT_KIND, kind), UseGuards(BilledGuard));

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
    const kind = this.reflector.get<EndpointKind | undefined>(ENDPOINT_KIND, context.getHandler());
    const request = context.switchToHttp().getRequest<BilledRequest>();
    const team = request.team;
    if (!kind || !team) throw new Error('@Billed used on a route without ApiKeyGuard');
    const paid = CREDIT_KINDS.has(kind);
    let standing;
    try {
      standing = await this.credits.of(team.teamId);
    } catch (error) {
      // Work that costs credits waits for billing to answer; a status read costs nothing and is not refused for it.
      if (paid) throw error;
      return true;
    }
    // As Firecrawl does: the rate limit first (a refused request costs nothing), then the credits.
    const perMinute = standing.rateLimits[kind];
    if (perMinute !== undefined) await this.limiter.hit(team.teamId, kind, perMinute);
    if (paid) request.remainingCredits = (await this.credits.admit(team.teamId)).remainingCredits;
    return true;
  }
}
