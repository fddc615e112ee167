import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DocumentFormat } from '@wh/contracts';
import { toDomainError } from '@wh/platform/errors';
import { ScrapeClient } from '@wh/scrape-client';
import type { ExtractJobRow, ExtractJobPageRow } from './extract-jobs.repository';
import { ExtractJobsRepository } from './extract-jobs.repository';

/** Pages scraped at once for one job: the scrape-workers' queue is shared, one job should not fill it. */
const PAGES_IN_FLIGHT = 4;

/**
 * Reads the pages of a job through the scrape-workers (cache first, then the engines, with the job's scrape
 * options) and keeps each one with the job, so a job resumed after a crash reads only the pages it had not. A page
 * the target refuses or answers with an error status is kept as failed; the job goes on with the others. Our own
 * dependencies failing is thrown, for the job to be tried again.
 */
@Injectable()
export class JobPageReader {
  constructor(
    @Inject(ScrapeClient) private readonly scrapes: ScrapeClient,
    @Inject(ExtractJobsRepository) private readonly jobs: ExtractJobsRepository,
  ) {}

  async readAll(job: ExtractJobRow, targets: readonly string[], withHtml: boolean): Promise<ExtractJobPageRow[]> {
    const done = new Set((await this.jobs.pages(job.id)).map((page) => page.position));
    const waiting = targets.map((url, position) => ({ url, position })).filter(({ position }) => !done.has(position));
    const next = (): { url: string; position: number } | undefined => waiting.shift();
    const lane = async (): Promise<void> => {
      for (let target = next(); target; target = next()) await this.read(job, target.url, target.position, withHtml);
    };
    await Promise.all(Array.from({ length: Math.min(PAGES_IN_FLIGHT, waiting.length) }, lane));
    return this.jobs.pages(job.id);
  }

  private async read(job: ExtractJobRow, url: string, position: number, withHtml: boolean): Promise<void> {
    const options = job.request.scrapeOptions;
    const formats: DocumentFormat[] = withHtml ? ['markdown', 'rawHtml'] : ['markdown'];
    try {
      // A fresh scrape id per attempt: a resumed job must not wait out the deduplication of its first attempt's.
      const document = await this.scrapes.run({
        jobId: randomUUID(),
        teamId: job.team_id,
        url,
        origin: 'extract',
        options: { ...options, formats, extraction: undefined, screenshot: undefined },
        deadlineAt: Date.now() + options.timeout,
      });
      const status = document.metadata.statusCode;
      if (status >= 400) {
        await this.jobs.savePage(job.id, { position, url, error: `the page answered HTTP ${status}` });
        return;
      }
      await this.jobs.savePage(job.id, {
        position,
        url,
        markdown: document.markdown ?? '',
        ...(withHtml && document.rawHtml ? { html: document.rawHtml } : {}),
      });
    } catch (error) {
      const failure = toDomainError(error);
      if (failure.retryable) throw failure;
      await this.jobs.savePage(job.id, { position, url, error: `${failure.code}: ${failure.message}` });
    }
  }
}
