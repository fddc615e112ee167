import { Module } from '@nestjs/common';
import { CrawlDatabaseModule } from '../database/database.module';
import { JobsModule } from '../jobs/jobs.module';
import { ResourcesModule } from '../resources/resources.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CrawlFrontier } from './crawl-frontier';
import { CrawlSeeder } from './crawl-seeder';
import { RobotsCache } from './robots-cache';
import { RobotsRulesRepository } from './robots-rules.repository';
import { SeedNextCrawl } from './seed-next-crawl';

/** Which URLs a crawl queues: seeding from robots.txt and sitemaps, links discovered in kept pages, scope, robots rules. */
@Module({
  imports: [CrawlDatabaseModule, ResourcesModule, JobsModule, WebhooksModule],
  providers: [RobotsRulesRepository, RobotsCache, CrawlSeeder, SeedNextCrawl, CrawlFrontier],
  exports: [SeedNextCrawl, CrawlFrontier],
})
export class FrontierModule {}
