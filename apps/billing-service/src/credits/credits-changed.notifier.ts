import { Inject, Injectable } from '@nestjs/common';
import { Subjects, type TeamCreditsChangedEvent } from '@wh/contracts';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { NatsClient, publishBroadcast } from '@wh/platform/messaging';
import type { StandingAfterCharges } from '../ledger/credit-balance.service';

/**
 * Tells every gateway that a team's cached balance changed, once its charges or grants are committed, and the
 * crawl-schedulers when those charges used the team's credits up, so that its running crawls and batches stop.
 */
@Injectable()
export class CreditsChangedNotifier {
  constructor(
    @Inject(NatsClient) private readonly nats: NatsClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A grant, a plan or a reservation changed: gateways drop what they cached of these teams. */
  async teamsChanged(teamIds: Iterable<string>): Promise<void> {
    for (const teamId of new Set(teamIds)) await this.announce({ teamId });
  }

  /**
   * Charges of these teams committed: each announcement carries the team's standing after them when it is known, so
   * gateways update their cached balance rather than ask, and says whether the charges used the credits up.
   */
  async chargesCommitted(
    teamIds: Iterable<string>,
    standings: ReadonlyMap<string, StandingAfterCharges>,
  ): Promise<void> {
    for (const teamId of new Set(teamIds)) {
      const standing = standings.get(teamId);
      await this.announce({
        teamId,
        chargesOnly: true,
        ...(standing && {
          remainingCredits: standing.remainingCredits,
          remainingTokens: standing.remainingTokens,
          ...(standing.usedUp ? { creditsUsedUp: true } : {}),
        }),
      });
    }
  }

  private async announce(event: TeamCreditsChangedEvent): Promise<void> {
    try {
      await publishBroadcast(this.nats, Subjects.creditsChanged, event);
    } catch (error) {
      // The change is committed and a redelivery would find nothing new to announce: the gateways' cache
      // lifetime (CREDITS_CACHE_TTL_MS) bounds how long they go on using the old balance.
      this.logger.warn({ err: error, teamId: event.teamId }, 'could not announce a credit change');
    }
  }
}
