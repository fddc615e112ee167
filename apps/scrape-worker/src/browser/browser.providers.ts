import type { Provider } from '@nestjs/common';
import type { Page } from 'puppeteer-core';
import type { EgressGuards } from '@wh/platform/egress-guard';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { createObjectStorage } from '@wh/platform/storage';
import { recordBrowserPoolEvent } from '@wh/platform/telemetry';
import { EGRESS_GUARDS } from '../egress/egress-guards.provider';
import { ScrapeFileStore } from '../files/scrape-file-store';
import { ScrapeWorkerConfig } from '../scrape-worker.config';
import { AdBlocker } from './ad-blocker';
import { loadAdBlocker } from './ad-blocker-boot';
import { BrowserEngine } from './browser-engine';
import { BrowserPool, type BrowserPoolEvent, type BrowserPoolSettings, type BrowserPoolStats } from './browser-pool';
import type { PageContextOptions } from './context-shelf';

const MB = 1024 * 1024;

/**
 * With private targets disallowed, every browser's traffic goes through the egress guard (`--proxy-server`). A
 * scrape through an operator's proxy gets a context whose proxy is a guard chained to that proxy, so it is checked
 * the same way and the operator's proxy is asked for the checked address only.
 */
class EgressGuardedBrowserPool extends BrowserPool {
  constructor(
    settings: BrowserPoolSettings,
    onEvent: (event: BrowserPoolEvent, stats: BrowserPoolStats) => void,
    private readonly guards: EgressGuards,
  ) {
    super(settings, onEvent);
  }

  override async withPage<T>(work: (page: Page) => Promise<T>, options: PageContextOptions = {}): Promise<T> {
    if (!options.proxyServer) return super.withPage(work, options);
    const guard = await this.guards.through(options.proxyServer);
    return super.withPage(work, { ...options, proxyServer: guard.proxyServer });
  }
}

/** The browser engine and what it needs: the Chromium pool, the filter lists, the file store. */
export const browserProviders: Provider[] = [
  {
    provide: BrowserPool,
    inject: [ScrapeWorkerConfig, LOGGER, EGRESS_GUARDS],
    useFactory: async (config: ScrapeWorkerConfig, logger: Logger, guards: EgressGuards | null) => {
      const settings: BrowserPoolSettings = {
        executablePath: config.CHROMIUM_PATH,
        hostResolverRules: config.HOST_RESOLVER_RULES,
        maxPages: config.BROWSER_MAX_PAGES,
        recycleAfterPages: config.BROWSER_RECYCLE_PAGES,
        maxMemoryBytes: config.BROWSER_MAX_MEMORY_MB * MB,
        contextReuses: config.BROWSER_CONTEXT_REUSES,
        devtoolsPort: config.BROWSER_DEVTOOLS_PORT,
        ownerScope: `${config.WH_NAMESPACE}.scrape-worker`,
      };
      const onEvent = (event: BrowserPoolEvent, stats: BrowserPoolStats): void => {
        recordBrowserPoolEvent(event, stats);
        (event === 'crashed' ? logger.warn : logger.info).call(logger, { ...stats }, `browser ${event}`);
      };
      const pool = guards
        ? new EgressGuardedBrowserPool({ ...settings, egressProxy: guards.direct.proxyServer }, onEvent, guards)
        : new BrowserPool(settings, onEvent);
      const reaped = await pool.reapOrphans();
      if (reaped.browsers + reaped.profiles > 0) logger.warn({ ...reaped }, 'cleared what a killed scrape-worker left');
      return pool;
    },
  },
  {
    provide: AdBlocker,
    inject: [ScrapeWorkerConfig, LOGGER],
    useFactory: async (config: ScrapeWorkerConfig, logger: Logger) =>
      loadAdBlocker(config.ADBLOCK_LISTS, config.ADBLOCK_CACHE_DIR, logger),
  },
  {
    provide: ScrapeFileStore,
    inject: [ScrapeWorkerConfig],
    useFactory: (config: ScrapeWorkerConfig) =>
      new ScrapeFileStore(
        createObjectStorage({ url: config.STORAGE_URL, namespace: config.WH_NAMESPACE }),
        config.FILE_TTL_MS,
      ),
  },
  {
    provide: BrowserEngine,
    inject: [BrowserPool, ScrapeFileStore, AdBlocker, ScrapeWorkerConfig],
    useFactory: (pool: BrowserPool, files: ScrapeFileStore, adBlocker: AdBlocker, config: ScrapeWorkerConfig) =>
      new BrowserEngine(pool, files, { allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS, adBlocker }),
  },
];
