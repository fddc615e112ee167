import { Module } from '@nestjs/common';
import { ResourceFetcher } from './resource-fetcher';

/** robots.txt files and sitemaps, fetched through a scrape-worker. */
@Module({ providers: [ResourceFetcher], exports: [ResourceFetcher] })
export class ResourcesModule {}
