import { Module } from '@nestjs/common';
import { OffloadModule } from '../offload/offload.module';
import { ResourceFetcher } from './resource-fetcher';

/** robots.txt files and sitemaps, fetched through a scrape-worker. */
@Module({ imports: [OffloadModule], providers: [ResourceFetcher], exports: [ResourceFetcher] })
export class ResourcesModule {}
