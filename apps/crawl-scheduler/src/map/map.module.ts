import { Module } from '@nestjs/common';
import { CrawlDatabaseModule } from '../database/database.module';
import { ResourcesModule } from '../resources/resources.module';
import { KnownPagesRepository } from './known-pages.repository';
import { SiteMapHandler } from './site-map.handler';
import { SiteMapper } from './site-mapper';
import { StartPageReader } from './start-page-reader';

/** Maps of whole sites (`crawl.site.map`), found by the crawl frontier's discovery without starting a crawl. */
@Module({
  imports: [CrawlDatabaseModule, ResourcesModule],
  controllers: [SiteMapHandler],
  providers: [SiteMapper, StartPageReader, KnownPagesRepository],
})
export class MapModule {}
