import { Inject, Injectable } from '@nestjs/common';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookNotifier } from './webhook-notifier';

/** A delivery recorded this long ago and still not queued lost its publish (the scheduler died after the commit). */
const UNQUEUED_AFTER_MS = 30_000;
/** Delivered or not, a delivery is forgotten after this long. */
const DELIVERY_RETENTION_MS = 2 * 24 * 3_600_000;

/** The periodic care of webhook deliveries: queue again those whose publish was lost, forget old ones. */
@Injectable()
export class WebhookHousekeeping {
  constructor(
    @Inject(WebhookDeliveriesRepository) private readonly deliveries: WebhookDeliveriesRepository,
    @Inject(WebhookNotifier) private readonly notifier: WebhookNotifier,
  ) {}

  /**
   * Queues deliveries whose publish was lost, and held terminal events whose release was lost (the process that
   * finished the last page event's first attempt died before queueing it). A held event whose job still has a page
   * event without a first attempt stays held: that attempt's handler queues it.
   */
  async queueLost(): Promise<void> {
    const cutOff = new Date(Date.now() - UNQUEUED_AFTER_MS);
    const unqueued = await this.deliveries.unqueued(cutOff);
    await this.notifier.queue(unqueued.map((delivery) => ({ id: delivery.id, teamId: delivery.team_id })));
    await this.notifier.releaseLost(cutOff);
  }

  async forgetOld(): Promise<void> {
    await this.deliveries.deleteCreatedBefore(new Date(Date.now() - DELIVERY_RETENTION_MS));
  }
}
