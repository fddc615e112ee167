import type { Provider } from '@nestjs/common';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { createObjectStorage } from '@wh/platform/storage';
import { ScrapeFileStore } from '../files/scrape-file-store';
import { ScrapeWorkerConfig } from '../scrape-worker.config';
import { AdBlocker } from './ad-blocker';
import { loadAdBlocker } from './ad-blocker-boot';
import { BrowserEngine } from './browser-engine';
import { BrowserPool } from './browser-pool';

const MB = 1024 * 1024;

/** The browser engine and what it needs: the Chromium pool, the filter lists, the file store. */
export const browserProviders: Provider[] = [
  {
    provide: BrowserPool,
    inject: [ScrapeWorkerConfig, LOGGER],
    useFactory: async (config: ScrapeWorkerConfig, logger: Logger) => {
      const pool = new BrowserPool(
        {
          executablePath: config.CHROMIUM_PATH,
          hostResolverRules: config.HOST_RESOLVER_RULES,
          maxPages: config.BROWSER_MAX_PAGES,
          recycleAfterPages: config.BROWSER_RECYCLE_PAGES,
          maxMemoryBytes: config.BROWSER_MAX_MEMORY_MB * MB,
          contextReuses: config.BROWSER_CONTEXT_REUSES,
          ownerScope: `${config.WH_NAMESPACE}.scrape-worker`,
        },
        (event, stats) =>
          (event === 'crashed' ? logger.warn : logger.info).call(logger, { ...stats }, `browser ${event}`),
      );
      const reaped = await pool.reapOrphans();
      if (reaped > 0) logger.warn({ reaped }, 'killed browsers a killed scrape-worker left running');
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
