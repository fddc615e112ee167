import 'reflect-metadata';
import { loadConfig } from '@wh/platform/config';
import { ScrapeWorkerConfig } from '../scrape-worker.config';
import { AdBlocker } from './ad-blocker';
import { filterEngineCacheDir, resolveFilterLists } from './filter-lists';

/**
 * Compiles the filter engine for `ADBLOCK_LISTS` into `ADBLOCK_CACHE_DIR` ahead of time, as the browser image's
 * build does, so that no worker spends seconds of CPU parsing the lists when it boots.
 */
async function main(): Promise<void> {
  const config = loadConfig(ScrapeWorkerConfig);
  const sources = resolveFilterLists(config.ADBLOCK_LISTS);
  const cacheDir = filterEngineCacheDir(config.ADBLOCK_CACHE_DIR);
  const { fromCache, elapsedMs } = await AdBlocker.load(sources, cacheDir);
  process.stdout.write(
    `${fromCache ? 'already compiled' : `compiled in ${elapsedMs} ms`}: ${sources.files.length} lists into ${cacheDir}\n`,
  );
  if (sources.missingDefaults.length > 0) {
    process.stderr.write(`default lists not installed: ${sources.missingDefaults.join(', ')}\n`);
    process.exitCode = 1;
  }
}

void main();
