import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from 'nats';
import { ErrorCode, Subjects, type TeamCreditsReply } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { listenToBroadcast, NatsClient, NatsRequester } from '@wh/platform/messaging';
import { GatewayConfig } from '../gateway.config';
import { TeamCreditsCache } from './team-credits-cache';

/** Firecrawl's words for a 402, so that clients matching on them keep working. */
export const INSUFFICIENT_CREDITS_MESSAGE =
  'Insufficient credits to perform this request. For more credits, you can upgrade your plan at https://firecrawl.dev/pricing or try changing the request limit to a lower value.';

const MAX_CACHED_TEAMS = 10_000;
const CHECK_TIMEOUT_MS = 3_000;

/** A team's plan and balance from billing-service, cached briefly, and the decision to start billable work. */
@Injectable()
export class TeamCredits implements OnModuleInit, OnModuleDestroy {
  private readonly cache: TeamCreditsCache;
  private changes: Subscription | undefined;

  constructor(
    @Inject(NatsRequester) private readonly requester: NatsRequester,
    @Inject(NatsClient) private readonly nats: NatsClient,
    @Inject(GatewayConfig) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.cache = new TeamCreditsCache(config.CREDITS_CACHE_TTL_MS, MAX_CACHED_TEAMS);
  }

  onModuleInit(): void {
    this.changes = listenToBroadcast(this.nats, this.logger, Subjects.creditsChanged, ({ teamId }) =>
      this.cache.forget(teamId),
    );
  }

  onModuleDestroy(): void {
    this.changes?.unsubscribe();
  }

  /** The team's standing, cached; `remainingCredits` already has this replica's admitted requests taken off. */
  async of(teamId: string): Promise<TeamCreditsReply> {
    const cached = this.cache.get(teamId) ?? (await this.fetch(teamId));
    const { credits, admitted } = cached;
    if (credits.remainingCredits === null) return credits;
    return { ...credits, remainingCredits: Math.max(0, credits.remainingCredits - admitted) };
  }

  /** Fresh from billing-service, for the team usage endpoints. */
  async fresh(teamId: string): Promise<TeamCreditsReply> {
    return (await this.fetch(teamId)).credits;
  }

  /** Admits work costing at least `credits` or refuses it with a 402. */
  async admit(teamId: string, credits = 1): Promise<TeamCreditsReply> {
    const standing = await this.of(teamId);
    if (standing.remainingCredits !== null && standing.remainingCredits < credits) {
      throw new DomainError(ErrorCode.InsufficientCredits, INSUFFICIENT_CREDITS_MESSAGE);
    }
    this.cache.admit(teamId, credits);
    return standing;
  }

  /** Takes `credits` more off this replica's cached balance: the pages a crawl or batch was just allowed. */
  reserve(teamId: string, credits: number): void {
    if (credits > 0) this.cache.admit(teamId, credits);
  }

  private async fetch(teamId: string): Promise<{ credits: TeamCreditsReply; admitted: number }> {
    const credits = await this.requester.request(Subjects.creditsCheck, { teamId }, CHECK_TIMEOUT_MS);
    this.cache.remember(teamId, credits);
    return { credits, admitted: 0 };
  }
}
