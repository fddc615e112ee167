import { Module } from '@nestjs/common';
import { Streams } from '@wh/contracts';
import { PlatformModule } from '@wh/platform/runtime';
import { ScrapeClient } from '@wh/scrape-client';
import { AuthModule } from './auth/auth.module';
import { UsageCharges } from './billing/usage-charges';
import { BatchScrapeController } from './batch/batch-scrape.controller';
import { CrawlController } from './crawl/crawl.controller';
import { ExtractController } from './extract/extract.controller';
import { CrawlPromptClient } from './crawl/crawl-prompt.client';
import { BrowserModule } from './browser/browser.module';
import { FileUrls } from './files/file-urls';
import { FilesController } from './files/files.controller';
import { objectStorageProvider } from './files/object-storage.provider';
import { GatewayConfig } from './gateway.config';
import { JobWatchRoute } from './jobs/job-watch.route';
import { JobsClient } from './jobs/jobs.client';
import { MapController } from './map/map.controller';
import { OpenApiModule } from './openapi/openapi.module';
import { ParseController } from './parse/parse.controller';
import { ScrapeController } from './scrape/scrape.controller';
import { SearchResultScraper } from './search/result-scraper';
import { SearchController } from './search/search.controller';
import { SearchService } from './search/search.service';
import { TeamController } from './team/team.controller';
import { WebSocketModule } from './websocket/websocket.module';

export const API_GATEWAY = 'api-gateway';

@Module({
  imports: [
    PlatformModule.forRoot({
      serviceName: API_GATEWAY,
      configClass: GatewayConfig,
      // DIRECT_SCRAPE_RESULTS is the worker's to provision, at the size its config gives; this gateway only reads it.
      streams: [Streams.scrapeJobs, Streams.scrapeResults, Streams.directScrapeJobs, Streams.billingUsage],
      consumers: [],
    }),
    AuthModule,
    WebSocketModule,
    BrowserModule,
    OpenApiModule,
  ],
  controllers: [
    ScrapeController,
    CrawlController,
    BatchScrapeController,
    FilesController,
    TeamController,
    SearchController,
    MapController,
    ExtractController,
    ParseController,
  ],
  providers: [
    ScrapeClient,
    JobsClient,
    JobWatchRoute,
    FileUrls,
    objectStorageProvider,
    SearchService,
    SearchResultScraper,
    UsageCharges,
    CrawlPromptClient,
  ],
})
export class GatewayModule {}
