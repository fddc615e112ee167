import { Inject, Injectable } from '@nestjs/common';
import type { Trx } from '../database/crawl-database';
import { HiddenPagesRepository } from '../database/hidden-pages.repository';
import type { Job } from './job';

/**
 * Change tracking's `hidden` pages. When a crawl that asked for the `changeTracking` format has nothing left to
 * scrape, the pages the previous crawl of the same site kept and this one never reached (no link leads to them any
 * more) are queued once more, as hidden, so the crawl reports them: their change status still says whether they
 * changed or are gone, and their visibility says nothing links to them. At most `limit` of them, outside the limit
 * the crawl's own pages used.
 */
@Injectable()
export class HiddenPages {
  constructor(@Inject(HiddenPagesRepository) private readonly hidden: HiddenPagesRepository) {}

  /** Queues the job's hidden pages if it is time to; how many were queued (0 when none, or already done). */
  async queueWhenDone(trx: Trx, job: Job): Promise<number> {
    if (job.kind !== 'crawl' || !job.scrapeOptions.changeTracking) return 0;
    if (!(await this.hidden.claim(trx, job.id))) return 0;
    return this.hidden.queueMissing(trx, job, job.crawlOptions.limit);
  }
}
