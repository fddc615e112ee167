import { Module } from '@nestjs/common';
import { ObjectBuckets, Streams } from '@wh/contracts';
import { PlatformModule } from '@wh/platform/runtime';
import { ApiKeyGuard } from './auth/api-key.guard';
import { FileUrls } from './files/file-urls';
import { FilesController } from './files/files.controller';
import { objectStorageProvider } from './files/object-storage.provider';
import { GatewayConfig } from './gateway.config';
import { ScrapeController } from './scrape/scrape.controller';
import { ScrapeDispatcher } from './scrape/scrape-dispatcher';

export const API_GATEWAY = 'api-gateway';

@Module({
  imports: [
    PlatformModule.forRoot({
      serviceName: API_GATEWAY,
      configClass: GatewayConfig,
      streams: [Streams.scrapeJobs, Streams.scrapeResults],
      consumers: [],
      largeObjects: ObjectBuckets.scrapeDocuments,
    }),
  ],
  controllers: [ScrapeController, FilesController],
  providers: [ApiKeyGuard, ScrapeDispatcher, FileUrls, objectStorageProvider],
})
export class GatewayModule {}
