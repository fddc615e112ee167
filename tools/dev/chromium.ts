import { existsSync } from 'node:fs';
import {
  type EnsureProgramOptions,
  ensureDebianProgram,
  findExecutable,
  installDebianPackage,
  SystemPackageMissingError,
} from './debian-package';

const CHROMIUM = {
  binary: 'chromium',
  debianPackage: 'chromium',
  wellKnownPaths: ['/usr/bin/chromium', '/usr/bin/chromium-browser'],
  installHint: `Chromium is not installed. Install your distribution's package, then run again:
  Debian/Ubuntu:  sudo apt-get install -y chromium
or point CHROMIUM_PATH at a Chromium or Chrome binary.`,
} as const;

/** Debian's Chromium binary, if installed. */
export function findChromiumBinary(): string | undefined {
  return findExecutable(CHROMIUM.binary, CHROMIUM.wellKnownPaths);
}

/**
 * Returns Debian's Chromium, installing the `chromium` package when missing and allowed, and the default filter
 * lists beside it (see {@link ensureFilterLists}). Never downloads a browser build.
 */
export async function ensureChromiumBinary(options: EnsureProgramOptions = {}): Promise<string> {
  const binary = await ensureDebianProgram(CHROMIUM, options);
  await ensureFilterLists(options);
  return binary;
}

const FILTER_LISTS = {
  debianPackage: 'webext-ublock-origin-chromium',
  // One of the lists scrape-worker's ADBLOCK_LISTS=default reads (apps/scrape-worker/src/browser/filter-lists.ts).
  easyList: '/usr/share/chromium/extensions/ublock-origin/assets/thirdparties/easylist/easylist.txt',
  installHint: `The default filter lists for blockAds are not installed. On Debian/Ubuntu:
  sudo apt-get install -y webext-ublock-origin-chromium
or name your own lists in ADBLOCK_LISTS.`,
} as const;

/**
 * Makes sure the filter lists scrape-worker blocks ads with by default (EasyList, EasyPrivacy, uBlock's own, from
 * Debian's uBlock Origin package) are installed, installing the package when missing and allowed. Resolves
 * false, after logging how to get them, when they cannot be: blockAds then hides consent notices only.
 */
export async function ensureFilterLists(options: EnsureProgramOptions = {}): Promise<boolean> {
  if (existsSync(FILTER_LISTS.easyList)) return true;
  const log = options.log ?? ((): void => undefined);
  log(`filter lists not found: installing the Debian package ${FILTER_LISTS.debianPackage}`);
  try {
    await installDebianPackage(FILTER_LISTS.debianPackage, FILTER_LISTS.installHint, options);
  } catch (error) {
    if (!(error instanceof SystemPackageMissingError)) throw error;
    log(error.message);
    return false;
  }
  return existsSync(FILTER_LISTS.easyList);
}
