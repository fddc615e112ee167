import { Inject, Injectable } from '@nestjs/common';
import { Subjects } from '@wh/contracts';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { NatsClient, publishBroadcast } from '@wh/platform/messaging';

/**
 * Tells every gateway that a team's cached balance is stale, once its charges or grants are committed, and the
 * crawl-schedulers when those charges used the team's credits up, so that its running crawls and batches stop.
 */
@Injectable()
export class CreditsChangedNotifier {
  constructor(
    @Inject(NatsClient) private readonly nats: NatsClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** `chargesOnly`: the change is committed charges alone (the usage consumer), nothing a plan or grant changed. */
  async teamsChanged(
    teamIds: Iterable<string>,
    usedUp: ReadonlySet<string> = new Set(),
    { chargesOnly = false }: { chargesOnly?: boolean } = {},
  ): Promise<void> {
    for (const teamId of new Set(teamIds)) {
      try {
        await publishBroadcast(this.nats, Subjects.creditsChanged, {
          teamId,
          ...(usedUp.has(teamId) ? { creditsUsedUp: true } : {}),
          ...(chargesOnly ? { chargesOnly: true } : {}),
        });
      } catch (error) {
        // The charge is committed and a redelivery would find nothing new to announce: the gateways' cache
        // lifetime (CREDITS_CACHE_TTL_MS) bounds how long they go on using the old balance.
        this.logger.warn({ err: error, teamId }, 'could not announce a credit change');
      }
    }
  }
}
