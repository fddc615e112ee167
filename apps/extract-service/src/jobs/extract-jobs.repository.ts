import { Inject, Injectable } from '@nestjs/common';
import type { Kysely, Selectable, Updateable } from 'kysely';
import { DATABASE } from '@wh/platform/database';
import type { ExtractDatabase, ExtractJobRequest } from '../database/extract-database';

export type ExtractJobRow = Selectable<ExtractDatabase['extract_jobs']>;
export type ExtractJobPageRow = Selectable<ExtractDatabase['extract_job_pages']>;

export interface NewExtractJob {
  id: string;
  teamId: string;
  apiKeyId?: string;
  idempotencyKey?: string;
  request: ExtractJobRequest;
  expiresAt: Date;
}

/** A page the job read, or why it could not. */
export interface ReadPage {
  position: number;
  url: string;
  markdown?: string;
  html?: string;
  error?: string;
}

export interface JobOutcome {
  data: unknown;
  sources?: Record<string, string[]>;
  warning?: string;
  tokensUsed: number;
  creditsUsed: number;
}

const json = (value: unknown): string => JSON.stringify(value);

/**
 * Extract jobs and the pages they read. Every write that moves a job on is conditional on the state it moves from,
 * so a redelivered command repeating a step changes nothing; team-scoped reads take the team id.
 */
@Injectable()
export class ExtractJobsRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<ExtractDatabase>) {}

  /** Inserts the job; with an idempotency key the team already used, nothing is inserted and that job's id returned. */
  async create(job: NewExtractJob): Promise<{ id: string; created: boolean }> {
    const inserted = await this.db
      .insertInto('extract_jobs')
      .values({
        id: job.id,
        team_id: job.teamId,
        api_key_id: job.apiKeyId ?? null,
        idempotency_key: job.idempotencyKey ?? null,
        status: 'processing',
        request: json(job.request),
        expires_at: job.expiresAt,
      })
      .onConflict((conflict) =>
        conflict.columns(['team_id', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, created: true };
    const existing = await this.db
      .selectFrom('extract_jobs')
      .select('id')
      .where('team_id', '=', job.teamId)
      .where('idempotency_key', '=', job.idempotencyKey ?? '')
      .executeTakeFirstOrThrow();
    return { id: existing.id, created: false };
  }

  async find(teamId: string, jobId: string): Promise<ExtractJobRow | undefined> {
    return this.db
      .selectFrom('extract_jobs')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('id', '=', jobId)
      .executeTakeFirst();
  }

  /** Removes a job that was never queued (its command could not be published). */
  async remove(teamId: string, jobId: string): Promise<void> {
    await this.db.deleteFrom('extract_jobs').where('team_id', '=', teamId).where('id', '=', jobId).execute();
  }

  /** Records the job's page list the first time; later calls get the first list back, whatever they found. */
  async settleTargets(jobId: string, targets: string[]): Promise<string[]> {
    await this.db
      .updateTable('extract_jobs')
      .set({ targets: json(targets) })
      .where('id', '=', jobId)
      .where('targets', 'is', null)
      .execute();
    const row = await this.db
      .selectFrom('extract_jobs')
      .select('targets')
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    return row.targets ?? targets;
  }

  async pages(jobId: string): Promise<ExtractJobPageRow[]> {
    return this.db
      .selectFrom('extract_job_pages')
      .selectAll()
      .where('job_id', '=', jobId)
      .orderBy('position')
      .execute();
  }

  async savePage(jobId: string, page: ReadPage): Promise<void> {
    await this.db
      .insertInto('extract_job_pages')
      .values({
        job_id: jobId,
        position: page.position,
        url: page.url,
        markdown: page.markdown ?? null,
        html: page.html ?? null,
        error: page.error ?? null,
      })
      .onConflict((conflict) => conflict.columns(['job_id', 'position']).doNothing())
      .execute();
  }

  /** Completes a processing job with its answer; false when it had already ended. The pages are no longer needed. */
  async complete(jobId: string, outcome: JobOutcome): Promise<boolean> {
    return this.finish(jobId, {
      status: 'completed',
      data: json(outcome.data ?? null),
      sources: outcome.sources ? json(outcome.sources) : null,
      warning: outcome.warning ?? null,
      tokens_used: outcome.tokensUsed,
      credits_used: outcome.creditsUsed,
    });
  }

  /** Fails a processing job; false when it had already ended. */
  async fail(jobId: string, error: string, tokensUsed: number): Promise<boolean> {
    return this.finish(jobId, { status: 'failed', error, tokens_used: tokensUsed });
  }

  /** Records that the job's charge was sent; the charge itself is idempotent, this only spares sending it again. */
  async markBilled(jobId: string): Promise<void> {
    await this.db
      .updateTable('extract_jobs')
      .set({ billed_at: new Date() })
      .where('id', '=', jobId)
      .where('billed_at', 'is', null)
      .execute();
  }

  /** Forgets the jobs whose results expired (their pages go with them); returns how many. */
  async deleteExpired(now: Date): Promise<number> {
    const deleted = await this.db.deleteFrom('extract_jobs').where('expires_at', '<=', now).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }

  private async finish(jobId: string, changes: Updateable<ExtractDatabase['extract_jobs']>): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('extract_jobs')
        .set({ ...changes, finished_at: new Date() })
        .where('id', '=', jobId)
        .where('status', '=', 'processing')
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return false;
      await trx.deleteFrom('extract_job_pages').where('job_id', '=', jobId).execute();
      return true;
    });
  }
}
