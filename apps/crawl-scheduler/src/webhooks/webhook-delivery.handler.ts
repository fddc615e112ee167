import { Controller, Inject } from '@nestjs/common';
import { Consumers, ErrorCode, Subjects, WebhookDeliveryCommand } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { ConsumeStream, type JetStreamMessageContext, NatsRequester, PreserveRpcErrors } from '@wh/platform/messaging';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookSender } from './webhook-sender';

/**
 * Delivers one webhook event per message. A failed attempt is handed back to JetStream, which redelivers it after
 * the configured delays (1, 5, 15 minutes by default); after the last attempt the delivery is marked failed.
 */
@Controller()
@PreserveRpcErrors()
export class WebhookDeliveryHandler {
  constructor(
    @Inject(WebhookDeliveriesRepository) private readonly deliveries: WebhookDeliveriesRepository,
    @Inject(WebhookSender) private readonly sender: WebhookSender,
    @Inject(NatsRequester) private readonly requester: NatsRequester,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @ConsumeStream(Consumers.crawlSchedulerWebhooks)
  async deliver(command: WebhookDeliveryCommand, context: JetStreamMessageContext): Promise<void> {
    const delivery = await this.deliveries.find(command.teamId, command.deliveryId);
    if (!delivery || delivery.status === 'delivered' || delivery.status === 'failed') return;
    const { secret } = await this.requester.request(Subjects.teamWebhookSecret, { teamId: delivery.team_id });
    const outcome = await this.sender.send({
      url: delivery.url,
      headers: delivery.headers,
      body: delivery.body,
      secret,
    });
    if (outcome.delivered) {
      await this.deliveries.recordAttempt(delivery.id, outcome);
      return;
    }
    await this.deliveries.recordAttempt(delivery.id, { ...outcome, final: context.isLastDelivery });
    this.logger.warn(
      { deliveryId: delivery.id, jobId: delivery.job_id, attempt: context.deliveryCount, error: outcome.error },
      'webhook delivery failed',
    );
    if (!context.isLastDelivery) {
      throw new DomainError(ErrorCode.ServiceUnavailable, `webhook target answered ${outcome.error}`, undefined, true);
    }
  }
}
