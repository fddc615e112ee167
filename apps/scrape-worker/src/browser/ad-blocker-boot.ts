import type { Logger } from '@wh/platform/logging';
import { AdBlocker } from './ad-blocker';
import { DEFAULT_LISTS_PACKAGE, filterEngineCacheDir, resolveFilterLists } from './filter-lists';

/** The worker's filter engine from `ADBLOCK_LISTS`, saying at boot what it blocks with and what it cost. */
export async function loadAdBlocker(setting: string, cacheDir: string, logger: Logger): Promise<AdBlocker> {
  const sources = resolveFilterLists(setting);
  if (sources.missingDefaults.length > 0) {
    logger.warn(
      { missing: sources.missingDefaults },
      `the default filter lists are not installed (Debian package ${DEFAULT_LISTS_PACKAGE}): blockAds hides consent notices only`,
    );
  }
  const { blocker, fromCache, elapsedMs } = await AdBlocker.load(sources, filterEngineCacheDir(cacheDir));
  if (blocker.isEmpty) logger.warn('ADBLOCK_LISTS names no filter lists: blockAds blocks nothing');
  else logger.info({ lists: sources.files, fromCache, elapsedMs }, 'filter lists loaded for blockAds');
  return blocker;
}
