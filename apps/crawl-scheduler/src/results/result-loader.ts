import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { ScrapeJobFinishedEvent } from '@wh/contracts';
import { CrawlJobsRepository, type NewPage } from '../database/crawl-jobs.repository';
import { CrawlPagesRepository, type ResultPageRow } from '../database/crawl-pages.repository';
import { CrawlFrontier } from '../frontier/crawl-frontier';
import type { Job, JobSettings } from '../jobs/job';
import { type KeptDocument, keptDocumentOf } from './kept-document';

/** Jobs whose settings are remembered: more than run at once on one scheduler, and a few hundred KB at most. */
const REMEMBERED_JOBS = 1_000;

/** One result with everything that can be worked out before the transaction. */
export interface PreparedResult {
  event: ScrapeJobFinishedEvent;
  page: ResultPageRow;
  document: KeptDocument | undefined;
  discovered: NewPage[];
}

/**
 * Reads what a batch of results needs before its transaction: their pages and jobs, their documents, and the links
 * they discovered (robots.txt may have to be fetched for those, which has no place inside a transaction).
 */
@Injectable()
export class ResultLoader {
  private readonly known = new LRUCache<string, JobSettings>({ max: REMEMBERED_JOBS });

  constructor(
    @Inject(CrawlJobsRepository) private readonly jobs: CrawlJobsRepository,
    @Inject(CrawlPagesRepository) private readonly pages: CrawlPagesRepository,
    @Inject(CrawlFrontier) private readonly frontier: CrawlFrontier,
  ) {}

  /** The batch's results by job id. */
  async load(events: readonly ScrapeJobFinishedEvent[]): Promise<Map<string, PreparedResult[]>> {
    // A redelivery can share a batch with the delivery it repeats: one of them is kept, both are acknowledged.
    const distinct = [...new Map(events.map((event) => [event.jobId, event])).values()];
    const pages = new Map(
      (await this.pages.findForResults(distinct.map((event) => event.jobId))).map((page) => [page.id, page]),
    );
    // A page of an expired (deleted) job, or an event that does not match its page's team, has nothing to keep.
    const owned = distinct.filter((event) => pages.get(event.jobId)?.team_id === event.teamId);
    const jobs = await this.settingsOf(new Set(owned.map((event) => pages.get(event.jobId)?.job_id ?? '')));
    const byJob = new Map<string, PreparedResult[]>();
    await Promise.all(
      owned.map(async (event) => {
        const page = pages.get(event.jobId);
        const job = page && jobs.get(page.job_id);
        if (!page || !job) return;
        const prepared = await this.prepare(job, page, event);
        byJob.set(job.id, [...(byJob.get(job.id) ?? []), prepared]);
      }),
    );
    return byJob;
  }

  /**
   * The settings of the batch's jobs, read once per job: they never change, and nearly every batch is of jobs the
   * batches before it read already, so this saves a round trip per batch. The job's state is read under its lock.
   */
  private async settingsOf(jobIds: ReadonlySet<string>): Promise<Map<string, JobSettings>> {
    const unknown = [...jobIds].filter((id) => !this.known.has(id));
    for (const job of await this.jobs.findMany(unknown)) {
      this.known.set(job.id, settingsOf(job));
    }
    const settings = new Map<string, JobSettings>();
    for (const id of jobIds) {
      const known = this.known.get(id);
      if (known) settings.set(id, known);
    }
    return settings;
  }

  private async prepare(job: JobSettings, page: ResultPageRow, event: ScrapeJobFinishedEvent): Promise<PreparedResult> {
    const document = keptDocumentOf(event);
    const discovered = document
      ? await this.frontier.discover(job, page.depth + 1, document.url, event.discoveredLinks ?? [])
      : [];
    return { event, page, document, discovered };
  }
}

/** Only what never changes: a job's state read here could be stale by the time it was used. */
function settingsOf(job: Job): JobSettings {
  const { id, url } = job;
  return job.kind === 'crawl'
    ? { id, kind: job.kind, url, crawlOptions: job.crawlOptions }
    : { id, kind: job.kind, url };
}
