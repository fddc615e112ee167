import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from 'nats';
import {
  ErrorCode,
  leastPageCredits,
  type ResolvedScrapeOptions,
  Subjects,
  type TeamCreditsReply,
} from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { listenToBroadcast, NatsClient, NatsRequester } from '@wh/platform/messaging';
import { GatewayConfig } from '../gateway.config';
import { SharedLookups } from '../lookups/shared-lookups';
import { pagesWithinCredits } from './credit-allowance';
import { TeamCreditsCache } from './team-credits-cache';

/** The pages a crawl or batch may scrape, the credits set aside for them, and the warning when it was cut. */
export interface PageAllowance {
  pages: number;
  warning?: string;
  reservationId?: string;
}

/** Firecrawl's words for a 402, so that clients matching on them keep working. */
export const INSUFFICIENT_CREDITS_MESSAGE =
  'Insufficient credits to perform this request. For more credits, you can upgrade your plan at https://firecrawl.dev/pricing or try changing the request limit to a lower value.';

const MAX_CACHED_TEAMS = 10_000;

/** Single-user local mode (AUTH_DISABLED) bills nobody: its one team has no plan in billing. */
function unbilled(): TeamCreditsReply {
  const now = new Date();
  return {
    planId: 'unlimited',
    planCredits: null,
    remainingCredits: null,
    billingPeriodStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
    billingPeriodEnd: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    concurrency: 10,
    rateLimits: {},
    planTokens: null,
    remainingTokens: null,
  };
}
const CHECK_TIMEOUT_MS = 3_000;

/** A team's plan and balance from billing-service, cached briefly, and the decision to start billable work. */
@Injectable()
export class TeamCredits implements OnModuleInit, OnModuleDestroy {
  private readonly cache: TeamCreditsCache;
  private readonly billed: boolean;
  private changes: Subscription | undefined;
  /** One read of a team's standing in flight, shared by the requests and the background refresh that need it. */
  private readonly standings = new SharedLookups<string, TeamCreditsReply>();

  constructor(
    @Inject(NatsRequester) private readonly requester: NatsRequester,
    @Inject(NatsClient) private readonly nats: NatsClient,
    @Inject(GatewayConfig) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.cache = new TeamCreditsCache(config.CREDITS_CACHE_TTL_MS, MAX_CACHED_TEAMS);
    this.billed = !config.AUTH_DISABLED;
  }

  onModuleInit(): void {
    this.changes = listenToBroadcast(
      this.nats,
      this.logger,
      Subjects.creditsChanged,
      ({ teamId, chargesOnly, ...announced }) =>
        chargesOnly ? this.cache.charged(teamId, announced) : this.cache.forget(teamId),
    );
  }

  onModuleDestroy(): void {
    this.changes?.unsubscribe();
  }

  /** The team's standing, cached; `remainingCredits` already has this replica's admitted requests taken off. */
  async of(teamId: string): Promise<TeamCreditsReply> {
    if (!this.billed) return unbilled();
    // After a read shared with other requests, the cache holds what they admitted meanwhile.
    const cached = this.cache.get(teamId) ?? (await this.fetchShared(teamId));
    if (cached.stale) this.refreshInBackground(teamId);
    const { credits, admitted } = cached;
    if (credits.remainingCredits === null) return credits;
    return { ...credits, remainingCredits: Math.max(0, credits.remainingCredits - admitted) };
  }

  /** Fresh from billing-service, for the team usage endpoints. */
  async fresh(teamId: string): Promise<TeamCreditsReply> {
    if (!this.billed) return unbilled();
    return this.fetch(teamId);
  }

  /**
   * Admits work costing at least `credits` or refuses it with a 402. A caller that has just read the team's
   * `standing` passes it, so one request asks billing at most once.
   */
  async admit(teamId: string, credits = 1, standing?: TeamCreditsReply): Promise<TeamCreditsReply> {
    standing ??= await this.of(teamId);
    if (standing.remainingCredits !== null && standing.remainingCredits < credits) {
      throw new DomainError(ErrorCode.InsufficientCredits, INSUFFICIENT_CREDITS_MESSAGE);
    }
    this.cache.admit(teamId, credits);
    return standing;
  }

  /**
   * Sets credits aside in billing for a crawl's or batch's pages at what one page with these scrape options costs
   * (5 with the json format), cut to the pages the credits left pay for (402 when not one, or when another job took
   * the rest). Nothing is reserved when nobody is billed or the plan is unlimited (`remainingCredits` null).
   */
  async allow(
    teamId: string,
    pages: number,
    remainingCredits: number | null,
    what: 'crawl limit' | 'number of URLs',
    scrapeOptions: Pick<ResolvedScrapeOptions, 'proxy' | 'extraction'>,
  ): Promise<PageAllowance> {
    if (remainingCredits === null) return { pages };
    const perPage = leastPageCredits(scrapeOptions);
    const { reservationId, granted } = await this.requester.request(
      Subjects.creditsReserve,
      { teamId, credits: pages * perPage, perPage },
      CHECK_TIMEOUT_MS,
    );
    if (granted < perPage) {
      if (reservationId) await this.release({ pages: 0, reservationId });
      throw new DomainError(ErrorCode.InsufficientCredits, INSUFFICIENT_CREDITS_MESSAGE);
    }
    return { ...pagesWithinCredits(pages, granted, what, perPage), ...(reservationId ? { reservationId } : {}) };
  }

  /** Ties the reservation to the job created with it. A lost tie leaves the whole reservation held until it expires. */
  async bind(teamId: string, allowance: PageAllowance, jobId: string): Promise<void> {
    if (!allowance.reservationId) return;
    try {
      await this.requester.request(
        Subjects.creditsBind,
        { teamId, reservationId: allowance.reservationId, jobId },
        CHECK_TIMEOUT_MS,
      );
    } catch (error) {
      this.logger.warn({ err: error, teamId, jobId }, 'could not tie a credit reservation to its job');
    }
  }

  /** The job was not created: its reservation is freed (or, if this is lost, expires). */
  async release(allowance: PageAllowance): Promise<void> {
    if (!allowance.reservationId) return;
    try {
      await this.requester.request(
        Subjects.creditsRelease,
        { reservationId: allowance.reservationId },
        CHECK_TIMEOUT_MS,
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'could not release a credit reservation');
    }
  }

  private async fetch(teamId: string): Promise<TeamCreditsReply> {
    const credits = await this.requester.request(Subjects.creditsCheck, { teamId }, CHECK_TIMEOUT_MS);
    this.cache.remember(teamId, credits);
    return credits;
  }

  /** The team's standing read once for every request that needs it at the same time. */
  private async fetchShared(teamId: string): Promise<{ credits: TeamCreditsReply; admitted: number; stale: boolean }> {
    const credits = await this.standings.lookUp(teamId, () => this.fetch(teamId));
    return this.cache.get(teamId) ?? { credits, admitted: 0, stale: false };
  }

  /** One refresh at a time per team; a failed one leaves the stale entry to its lifetime. */
  private refreshInBackground(teamId: string): void {
    if (this.standings.inFlight(teamId)) return;
    void this.standings
      .lookUp(teamId, () => this.fetch(teamId))
      .catch((error: unknown) => this.logger.warn({ err: error, teamId }, 'could not refresh a team’s balance'));
  }
}
