import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from 'nats';
import { Subjects } from '@wh/contracts';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { listenToBroadcast, NatsClient } from '@wh/platform/messaging';
import { OutOfCreditsStopper } from './out-of-credits-stopper';

/**
 * Stops a team's running jobs when billing announces that charges used its credits up. The announcement is a
 * broadcast (every replica hears it; the stop is idempotent); one lost with a broker restart is repeated by the
 * team's next charge, which announces the same again.
 */
@Injectable()
export class OutOfCreditsListener implements OnModuleInit, OnModuleDestroy {
  private subscription: Subscription | undefined;

  constructor(
    @Inject(NatsClient) private readonly nats: NatsClient,
    @Inject(OutOfCreditsStopper) private readonly stopper: OutOfCreditsStopper,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.subscription = listenToBroadcast(
      this.nats,
      this.logger,
      Subjects.creditsChanged,
      ({ teamId, creditsUsedUp }) => {
        if (!creditsUsedUp) return;
        this.stopper.stopTeam(teamId).catch((error: unknown) => {
          // The team's next charge announces it again.
          this.logger.warn({ err: error, teamId }, 'could not stop the jobs of a team without credits');
        });
      },
    );
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }
}
