import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { Consumers, Streams } from '@wh/contracts';
import { DATABASE } from '@wh/platform/database';
import type { EgressGuards } from '@wh/platform/egress-guard';
import { PlatformModule } from '@wh/platform/runtime';
import { hostMappingResolver, parseHostResolverRules, systemResolver } from '@wh/platform/target-safety';
import { BrowserEngine } from './browser/browser-engine';
import { BrowserPool } from './browser/browser-pool';
import { browserProviders } from './browser/browser.providers';
import { ScrapeCacheRepository } from './cache/scrape-cache.repository';
import { CacheHitReader } from './cache/cache-hit-reader';
import { ChangeJsonComparer } from './change-tracking/change-json';
import { ChangeSnapshotsRepository } from './change-tracking/change-snapshots.repository';
import { ChangeTracker } from './change-tracking/change-tracker';
import { ConversionPool } from './conversion/conversion-pool';
import type { ScrapeWorkerDatabase } from './database/scrape-worker-database';
import { BrandingProfiler } from './branding/branding-profiler';
import { PageExtractor } from './extraction/page-extractor';
import { ParseFileHandler } from './parse/parse-file.handler';
import { parseProviders } from './parse/parse-uploads.provider';
import { EGRESS_GUARDS, egressGuardsProvider, guardedProxyUrl } from './egress/egress-guards.provider';
import { HttpEngine } from './fetch';
import { ResourceFetchHandler } from './resources/resource-fetch.handler';
import { PageLinksHandler } from './resources/page-links.handler';
import { ProxyPools } from './proxy/proxy-pools';
import { PageScraper } from './scrape/page-scraper';
import { ScrapeJobHandler } from './scrape/scrape-job.handler';
import { ScrapeWorkerConfig } from './scrape-worker.config';
import { UsageBatchPublisher } from './usage/usage-batch-publisher';
import { JetStreamPublisher } from '@wh/platform/messaging';

export const SCRAPE_WORKER = 'scrape-worker';

@Module({
  imports: [
    PlatformModule.forRoot({
      serviceName: SCRAPE_WORKER,
      configClass: ScrapeWorkerConfig,
      streams: (config) => [
        Streams.scrapeJobs,
        Streams.scrapeResults,
        Streams.directScrapeJobs,
        {
          ...Streams.directScrapeResults,
          maxBytes: (config as ScrapeWorkerConfig).DIRECT_SCRAPE_RESULTS_MAX_MB * 1024 * 1024,
        },
        Streams.billingUsage,
        Streams.deadLetters,
      ],
      consumers: [Consumers.scrapeWorkerJobs, Consumers.scrapeWorkerDirectJobs],
      database: true,
    }),
  ],
  controllers: [ScrapeJobHandler, ResourceFetchHandler, PageLinksHandler, ParseFileHandler],
  providers: [
    PageExtractor,
    BrandingProfiler,
    {
      provide: ChangeSnapshotsRepository,
      inject: [DATABASE],
      useFactory: (db: Kysely<ScrapeWorkerDatabase>) => new ChangeSnapshotsRepository(db),
    },
    ChangeJsonComparer,
    {
      provide: CacheHitReader,
      inject: [DATABASE],
      useFactory: (db: Kysely<ScrapeWorkerDatabase>) => new CacheHitReader(new ScrapeCacheRepository(db)),
    },
    {
      provide: UsageBatchPublisher,
      inject: [JetStreamPublisher],
      useFactory: (publisher: JetStreamPublisher) => new UsageBatchPublisher(publisher),
    },
    ChangeTracker,
    {
      provide: ConversionPool,
      inject: [ScrapeWorkerConfig],
      useFactory: (config: ScrapeWorkerConfig) =>
        new ConversionPool(config.CONVERSION_THREADS, config.CONVERSION_YOUNG_GENERATION_MB),
    },
    {
      provide: HttpEngine,
      inject: [ScrapeWorkerConfig, EGRESS_GUARDS],
      useFactory: (config: ScrapeWorkerConfig, guards: EgressGuards | null) =>
        new HttpEngine({
          resolver: hostMappingResolver(parseHostResolverRules(config.HOST_RESOLVER_RULES), systemResolver),
          ...(guards ? { guardedProxy: (proxyUrl: string) => guardedProxyUrl(guards, proxyUrl) } : {}),
        }),
    },
    egressGuardsProvider,
    ...browserProviders,
    ...parseProviders,
    {
      provide: ProxyPools,
      inject: [ScrapeWorkerConfig],
      useFactory: (config: ScrapeWorkerConfig) =>
        new ProxyPools({
          basic: config.PROXY_BASIC,
          enhanced: config.PROXY_ENHANCED,
          byCountry: config.PROXY_BY_COUNTRY,
        }),
    },
    {
      provide: PageScraper,
      inject: [DATABASE, HttpEngine, BrowserEngine, ProxyPools, ConversionPool, ScrapeWorkerConfig],
      useFactory: (
        db: Kysely<ScrapeWorkerDatabase>,
        engine: HttpEngine,
        browser: BrowserEngine,
        proxies: ProxyPools,
        pool: ConversionPool,
        config: ScrapeWorkerConfig,
      ) =>
        new PageScraper(new ScrapeCacheRepository(db), engine, browser, proxies, (request) => pool.convert(request), {
          allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
          maxResponseBytes: config.MAX_RESPONSE_BYTES,
          userAgent: config.USER_AGENT,
        }),
    },
  ],
})
export class ScrapeWorkerModule implements OnApplicationShutdown {
  constructor(
    @Inject(HttpEngine) private readonly engine: HttpEngine,
    @Inject(BrowserPool) private readonly browsers: BrowserPool,
    @Inject(EGRESS_GUARDS) private readonly guards: EgressGuards | null,
  ) {}

  /** Pooled keep-alive connections, Chromium processes and the guards' listeners would otherwise outlive the service. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.engine.close(), this.browsers.close()]);
    await this.guards?.close();
  }
}
