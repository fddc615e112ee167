import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { MAX_USAGE_CHARGES_PER_BATCH, Subjects, type UsageRecordedEvent } from '@wh/contracts';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { JetStreamPublisher } from '@wh/platform/messaging';
import type { Job } from '../jobs/job';

export interface PageCharge {
  job: Pick<Job, 'id' | 'teamId' | 'apiKeyId' | 'kind' | 'zeroDataRetention'>;
  pageId: string;
  credits: number;
  /** LLM tokens of the page's json and summary formats, recorded with its credits. */
  tokens: number;
}

/**
 * Sends the credits of kept pages to billing, many pages per message. Each charge's id is its page's, so billing
 * records a page once however often (and in whichever batch) it is sent again after a crash.
 */
@Injectable()
export class UsageBiller {
  constructor(
    @Inject(JetStreamPublisher) private readonly publisher: JetStreamPublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async bill(charges: readonly PageCharge[]): Promise<void> {
    const occurredAt = new Date().toISOString();
    const events: UsageRecordedEvent[] = charges.map(({ job, pageId, credits, tokens }) => ({
      eventId: `${job.kind}:${pageId}`,
      teamId: job.teamId,
      kind: job.kind,
      jobId: job.id,
      ...(job.apiKeyId ? { apiKeyId: job.apiKeyId } : {}),
      credits,
      ...(tokens > 0 ? { tokens } : {}),
      occurredAt,
    }));
    for (let start = 0; start < events.length; start += MAX_USAGE_CHARGES_PER_BATCH) {
      const batch = events.slice(start, start + MAX_USAGE_CHARGES_PER_BATCH);
      await this.publisher.publish(Subjects.usageBatchRecorded, { charges: batch }, { msgId: batchMessageId(batch) });
    }
    for (const { job, pageId, credits } of charges) {
      if (!job.zeroDataRetention) this.logger.debug({ jobId: job.id, pageId, credits }, 'page billed');
    }
  }
}

/** The same charges sent twice (a retried publish) make the same message id, which JetStream drops. */
function batchMessageId(charges: readonly UsageRecordedEvent[]): string {
  const digest = createHash('sha256');
  for (const charge of charges) digest.update(`${charge.eventId}\n`);
  return `usage-batch:${digest.digest('hex')}`;
}
