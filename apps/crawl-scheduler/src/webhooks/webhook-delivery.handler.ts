import { Controller, Inject } from '@nestjs/common';
import { Consumers, ErrorCode, Subjects, WebhookDeliveryCommand } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { ConsumeStream, type JetStreamMessageContext, NatsRequester, PreserveRpcErrors } from '@wh/platform/messaging';
import { WebhookDeliveriesRepository, type WebhookDeliveryRow } from './webhook-deliveries.repository';
import { WebhookNotifier } from './webhook-notifier';
import { WebhookSender, type WebhookOutcome } from './webhook-sender';

/** Nothing waits for a terminal event: its attempts release nothing. */
const TERMINAL_EVENTS = /\.(completed|failed)$/;

/** The recorded body with the number of this attempt (1 for the first): a receiver can tell a retry. */
function bodyOfAttempt(body: string, attempt: number): string {
  return JSON.stringify({ ...(JSON.parse(body) as Record<string, unknown>), attempt });
}

/**
 * Delivers one webhook event per message. A failed attempt is handed back to JetStream, which redelivers it after
 * the configured delays (1, 5, 15 minutes by default); after the last attempt the delivery is marked failed.
 * The first attempt of an event, whatever its outcome, may be the one a held event of its job waits for (its page
 * events wait for `started`, its terminal event for all): once it is recorded, the handler queues those now free.
 */
@Controller()
@PreserveRpcErrors()
export class WebhookDeliveryHandler {
  constructor(
    @Inject(WebhookDeliveriesRepository) private readonly deliveries: WebhookDeliveriesRepository,
    @Inject(WebhookSender) private readonly sender: WebhookSender,
    @Inject(WebhookNotifier) private readonly notifier: WebhookNotifier,
    @Inject(NatsRequester) private readonly requester: NatsRequester,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @ConsumeStream(Consumers.crawlSchedulerWebhooks)
  async deliver(command: WebhookDeliveryCommand, context: JetStreamMessageContext): Promise<void> {
    const delivery = await this.deliveries.find(command.teamId, command.deliveryId);
    if (!delivery || delivery.status === 'delivered' || delivery.status === 'failed') return;
    const outcome = await this.attempt(delivery);
    if (outcome.delivered) {
      await this.deliveries.recordAttempt(delivery.id, outcome);
      await this.afterFirstAttempt(delivery);
      return;
    }
    await this.deliveries.recordAttempt(delivery.id, { ...outcome, final: context.isLastDelivery });
    await this.afterFirstAttempt(delivery);
    this.logger.warn(
      { deliveryId: delivery.id, jobId: delivery.job_id, attempt: context.deliveryCount, error: outcome.error },
      'webhook delivery failed',
    );
    if (!context.isLastDelivery) {
      throw new DomainError(ErrorCode.ServiceUnavailable, `webhook target answered ${outcome.error}`, undefined, true);
    }
  }

  private async attempt(delivery: WebhookDeliveryRow): Promise<WebhookOutcome> {
    let secret: string;
    try {
      ({ secret } = await this.requester.request(Subjects.teamWebhookSecret, { teamId: delivery.team_id }));
    } catch (error) {
      // An attempt that could not be signed still counts as one, so a terminal event waiting for it goes on.
      return {
        delivered: false,
        error: `no signing secret: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    return this.sender.send({
      url: delivery.url,
      headers: delivery.headers,
      body: bodyOfAttempt(delivery.body, delivery.attempts + 1),
      secret,
    });
  }

  /** Runs after the attempt's own commit, so one of it and the recording of the terminal event sees the other. */
  private async afterFirstAttempt(delivery: WebhookDeliveryRow): Promise<void> {
    if (delivery.attempts === 0 && !TERMINAL_EVENTS.test(delivery.event_type))
      await this.notifier.releaseHeld(delivery.job_id);
  }
}
