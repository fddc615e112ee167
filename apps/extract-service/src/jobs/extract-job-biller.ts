import { Inject, Injectable } from '@nestjs/common';
import { Subjects } from '@wh/contracts';
import { JetStreamPublisher } from '@wh/platform/messaging';
import { ExtractJobsRepository, type ExtractJobRow } from './extract-jobs.repository';

/**
 * Sends a completed job's one charge to billing. The event id is the job's, so billing records it once however
 * often a redelivered command sends it again; `billed_at` only spares the resend.
 */
@Injectable()
export class ExtractJobBiller {
  constructor(
    @Inject(JetStreamPublisher) private readonly publisher: JetStreamPublisher,
    @Inject(ExtractJobsRepository) private readonly jobs: ExtractJobsRepository,
  ) {}

  async bill(
    job: Pick<ExtractJobRow, 'id' | 'team_id' | 'api_key_id' | 'tokens_used' | 'credits_used' | 'finished_at'>,
  ) {
    await this.publisher.publish(
      Subjects.usageRecorded,
      {
        eventId: `extract:${job.id}`,
        teamId: job.team_id,
        kind: 'extract',
        jobId: job.id,
        ...(job.api_key_id ? { apiKeyId: job.api_key_id } : {}),
        credits: job.credits_used,
        tokens: job.tokens_used,
        occurredAt: (job.finished_at ?? new Date()).toISOString(),
      },
      { msgId: `usage:extract:${job.id}` },
    );
    await this.jobs.markBilled(job.id);
  }
}
