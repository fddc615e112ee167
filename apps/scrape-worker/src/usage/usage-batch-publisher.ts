import { createHash } from 'node:crypto';
import { MAX_USAGE_CHARGES_PER_BATCH, Subjects, type UsageRecordedEvent } from '@wh/contracts';
import type { JetStreamPublisher } from '@wh/platform/messaging';

interface Waiting {
  charge: UsageRecordedEvent;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface UsageBatchSettings {
  /** How long the first charge of a batch waits for others. */
  windowMs: number;
  /** A batch this full leaves at once. */
  maxCharges: number;
}

/**
 * A charge waits at most 100 ms for others: that delays its job's ack, never its result. Meanwhile the job holds one
 * of the worker's slots (16 by default), so a batch leaves as soon as 10 jobs wait on it, leaving the other slots
 * free. At 100 cached hits a second that is 10 pages a message (with 50 ms and 8 it was 5): billing-service's CPU
 * goes with the messages it receives, decodes and acks far more than with the charges in them, and it groups what
 * arrives within its own 100 ms window into one statement anyway.
 */
export const USAGE_BATCH_DEFAULTS: UsageBatchSettings = { windowMs: 100, maxCharges: 10 };

/**
 * Sends the charges of the scrapes that finish within a few milliseconds of each other as one
 * `billing.usage-batch.recorded` message instead of one message each, so that billing-service receives, decodes and
 * acks one message for many pages. Each caller resolves once the batch holding its charge is in the stream, so a
 * job is still acked only after its charge is recorded; if the publish fails every caller fails and its job is
 * redelivered. Each charge keeps its own event id, which billing charges once however many batches carry it.
 */
export class UsageBatchPublisher {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly publisher: Pick<JetStreamPublisher, 'publish'>,
    private readonly settings: UsageBatchSettings = USAGE_BATCH_DEFAULTS,
  ) {}

  /** Resolves when `charge` is in the usage stream. */
  record(charge: UsageRecordedEvent): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ charge, resolve, reject });
      const full = this.waiting.length >= Math.min(this.settings.maxCharges, MAX_USAGE_CHARGES_PER_BATCH);
      if (full) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.settings.windowMs);
    });
  }

  private async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length === 0) return;
    const charges = batch.map((entry) => entry.charge);
    try {
      await this.publisher.publish(Subjects.usageBatchRecorded, { charges }, { msgId: batchMessageId(charges) });
      for (const entry of batch) entry.resolve();
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
}

/** The same charges always make the same message id, so a batch published twice is stored once. */
function batchMessageId(charges: UsageRecordedEvent[]): string {
  const ids = charges.map((charge) => charge.eventId).sort();
  return `usage-batch:${createHash('sha256').update(ids.join('\n')).digest('base64url')}`;
}
