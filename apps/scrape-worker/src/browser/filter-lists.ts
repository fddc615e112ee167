import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONSENT_NOTICE_FILTERS } from './consent-notice-filters';

/** Where Debian's webext-ublock-origin-chromium keeps the lists it ships; `apt-get upgrade` updates them. */
const UBLOCK_ASSETS = '/usr/share/chromium/extensions/ublock-origin/assets';

/**
 * The lists `default` names, in the order uBlock applies them: EasyList (ads), EasyPrivacy (trackers), uBlock's
 * own filters, privacy, badware and quick-fix lists, and its unbreak list (exceptions for what the others break).
 */
export const DEFAULT_FILTER_LIST_FILES: readonly string[] = [
  `${UBLOCK_ASSETS}/thirdparties/easylist/easylist.txt`,
  `${UBLOCK_ASSETS}/thirdparties/easylist/easyprivacy.txt`,
  `${UBLOCK_ASSETS}/ublock/filters.min.txt`,
  `${UBLOCK_ASSETS}/ublock/privacy.min.txt`,
  `${UBLOCK_ASSETS}/ublock/badware.min.txt`,
  `${UBLOCK_ASSETS}/ublock/quick-fixes.min.txt`,
  `${UBLOCK_ASSETS}/ublock/unbreak.min.txt`,
];

export const DEFAULT_LISTS_PACKAGE = 'webext-ublock-origin-chromium';

/** What `ADBLOCK_LISTS` comes to: list files to read and rules given inline. */
export interface FilterListSources {
  files: string[];
  rules: string;
  /** Default lists that are not installed (the Debian package is missing). */
  missingDefaults: string[];
}

/** Reads `ADBLOCK_LISTS`: comma-separated files, where `default` stands for the installed default lists. */
export function resolveFilterLists(
  setting: string,
  isInstalled: (file: string) => boolean = existsSync,
): FilterListSources {
  const names = setting
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const usesDefaults = names.includes('default');
  const defaults = usesDefaults ? DEFAULT_FILTER_LIST_FILES : [];
  return {
    files: [...defaults.filter(isInstalled), ...names.filter((name) => name !== 'default')],
    rules: usesDefaults ? CONSENT_NOTICE_FILTERS : '',
    missingDefaults: defaults.filter((file) => !isInstalled(file)),
  };
}

/** `ADBLOCK_CACHE_DIR`, or a folder under the temporary folder when it is empty. */
export function filterEngineCacheDir(setting: string): string {
  return setting || path.join(tmpdir(), 'webharvest-adblock');
}
