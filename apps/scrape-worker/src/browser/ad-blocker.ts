import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FiltersEngine, Request } from '@ghostery/adblocker';
import type { FilterListSources } from './filter-lists';

/** The resource kinds Chromium reports, as the filter engine names them. */
type ResourceType = Parameters<typeof Request.fromRawDetails>[0]['type'];

/** What generic cosmetic rules are matched against. */
export interface PageSelectors {
  classes: string[];
  ids: string[];
  hrefs: string[];
}

const PARSE_OPTIONS = { loadCosmeticFilters: true, loadNetworkFilters: true } as const;

/** How the engine came to be, for the boot log. */
export interface AdBlockerLoad {
  blocker: AdBlocker;
  /** Read from the compiled copy on disk instead of parsing the lists. */
  fromCache: boolean;
  elapsedMs: number;
}

/**
 * Names the compiled engine after what went into it: each list file's path, size and modification time (an
 * `apt-get upgrade` changes them) and the inline rules. The engine's own format version is checked on reading.
 */
async function cacheKey(sources: Pick<FilterListSources, 'files' | 'rules'>): Promise<string> {
  const hash = createHash('sha256');
  for (const file of sources.files) {
    const { size, mtimeMs } = await stat(file);
    hash.update(`${path.resolve(file)}\0${size}\0${mtimeMs}\n`);
  }
  hash.update(sources.rules);
  return hash.digest('hex').slice(0, 32);
}

/** A compiled engine no worker booted from for this long is removed when another one is written beside it. */
const UNUSED_ENGINE_KEPT_MS = 7 * 24 * 3600_000;
const COMPILED_ENGINE = /^engine-[0-9a-f]{32}\.bin$/;

async function readCompiled(file: string): Promise<FiltersEngine | undefined> {
  try {
    const engine = FiltersEngine.deserialize(new Uint8Array(await readFile(file)));
    // Marks it as in use, so that a list update on another worker sharing the folder does not remove it.
    const now = new Date();
    await utimes(file, now, now).catch(() => undefined);
    return engine;
  } catch {
    // Missing, or written by another version of the engine: parse again.
    return undefined;
  }
}

/** Written beside its final name and renamed, so a worker booting meanwhile never reads half a file. */
async function writeCompiled(file: string, engine: FiltersEngine): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(partial, engine.serialize());
    await rename(partial, file);
    await removeUnusedEngines(path.dirname(file), Date.now() - UNUSED_ENGINE_KEPT_MS);
  } catch {
    // A read-only or full disk costs the next boot a parse, nothing else.
    await rm(partial, { force: true });
  }
}

/** Every list update writes a new engine of a few megabytes; those of lists no longer in use would pile up. */
async function removeUnusedEngines(folder: string, usedSince: number): Promise<void> {
  for (const name of await readdir(folder)) {
    if (!COMPILED_ENGINE.test(name)) continue;
    const file = path.join(folder, name);
    const used = await stat(file).catch(() => undefined);
    if (used && used.mtimeMs < usedSince) await rm(file, { force: true });
  }
}

/**
 * Network and cosmetic filtering with Ghostery's filter-list engine (the ABP/uBlock syntax of EasyList,
 * EasyPrivacy and the cookie-notice lists), loaded once from local list files.
 */
export class AdBlocker {
  private constructor(private readonly engine: FiltersEngine) {}

  /** Parses the given list files; an empty list gives a blocker that blocks nothing. */
  static async fromListFiles(files: string[], rules = ''): Promise<AdBlocker> {
    const lists = await Promise.all(files.map((file) => readFile(file, 'utf8')));
    return new AdBlocker(FiltersEngine.parse([...lists, rules].join('\n'), PARSE_OPTIONS));
  }

  /**
   * The engine for these lists, from its compiled copy in `cacheDir` when one was made from the same files, else
   * parsed and then kept there. Parsing the default lists costs seconds of CPU; reading the copy a tenth of one.
   */
  static async load(sources: Pick<FilterListSources, 'files' | 'rules'>, cacheDir: string): Promise<AdBlockerLoad> {
    const startedAt = Date.now();
    const compiled = path.join(cacheDir, `engine-${await cacheKey(sources)}.bin`);
    const cached = await readCompiled(compiled);
    if (cached) return { blocker: new AdBlocker(cached), fromCache: true, elapsedMs: Date.now() - startedAt };
    const blocker = await AdBlocker.fromListFiles(sources.files, sources.rules);
    await writeCompiled(compiled, blocker.engine);
    return { blocker, fromCache: false, elapsedMs: Date.now() - startedAt };
  }

  get isEmpty(): boolean {
    return (
      this.engine.getFilters().networkFilters.length === 0 && this.engine.getFilters().cosmeticFilters.length === 0
    );
  }

  shouldBlock(url: string, sourceUrl: string, type: string): boolean {
    const request = Request.fromRawDetails({ url, sourceUrl, type: type as ResourceType });
    return this.engine.match(request).match;
  }

  /**
   * CSS hiding the page's ads and cookie notices ('' when the lists have nothing for it). Generic rules are
   * picked by the class names, ids and links the page actually has.
   */
  hidingStyles(url: string, dom: PageSelectors): string {
    const { hostname } = new URL(url);
    const { styles } = this.engine.getCosmeticsFilters({
      url,
      hostname,
      domain: hostname,
      ...dom,
      getBaseRules: true,
      getInjectionRules: false,
      getExtendedRules: false,
      getRulesFromDOM: true,
      getRulesFromHostname: true,
    });
    return styles;
  }
}
