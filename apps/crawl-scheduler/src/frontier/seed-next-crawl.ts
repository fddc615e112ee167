import { Inject, Injectable } from '@nestjs/common';
import { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import { Transactions } from '../database/transactions';
import type { Crawl } from '../jobs/job';
import { JobFinisher } from '../jobs/job-finisher';
import { WebhookNotifier } from '../webhooks/webhook-notifier';
import { CrawlSeeder } from './crawl-seeder';

/** Long enough for robots.txt and a large sitemap index; another replica takes an unfinished seeding over after it. */
const SEED_LEASE_MS = 5 * 60_000;

/** Claims one new crawl nobody is seeding and seeds it; a crawl left with nothing to do ends at once. */
@Injectable()
export class SeedNextCrawl {
  constructor(
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(CrawlJobsRepository) private readonly jobs: CrawlJobsRepository,
    @Inject(CrawlSeeder) private readonly seeder: CrawlSeeder,
    @Inject(JobFinisher) private readonly finisher: JobFinisher,
    @Inject(WebhookNotifier) private readonly notifier: WebhookNotifier,
  ) {}

  /** The crawl seeded, ready to dispatch; undefined when none was waiting. */
  async execute(): Promise<Crawl | undefined> {
    const job = await this.jobs.claimUnseeded(SEED_LEASE_MS);
    if (!job) return undefined;
    await this.seeder.seed(job);
    // A crawl whose start URL is blocked or out of scope has nothing to do: it ends here.
    const delivery = await this.transactions.run(async (trx) => {
      const seeded = await this.jobs.lock(trx, job.id);
      const finished = seeded && (await this.finisher.finishIfDone(trx, seeded));
      return seeded && finished ? this.notifier.recordFinished(trx, seeded, finished) : undefined;
    });
    await this.notifier.queue([delivery ? { id: delivery, teamId: job.teamId } : undefined]);
    return job;
  }
}
