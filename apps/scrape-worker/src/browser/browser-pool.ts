import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { ChromiumOwner, processTreePssBytes } from '@wh/platform/chromium';
import { type ChromiumLaunchSettings, launchChromium } from './chromium-launch';
import { type ContextLease, ContextShelf, type PageContextOptions } from './context-shelf';
import { PageSlots } from './page-slots';

/**
 * Pages between two readings of a browser's memory: a reading walks /proc for every Chromium process, synchronously,
 * which per page cost more than the check is worth.
 */
const MEMORY_CHECK_EVERY_PAGES = 10;

/** Each browser's profile folder, under the temporary folder; a killed worker leaves it behind. */
const PROFILE_PREFIX = 'wh-pool-profile-';
/** The file in a profile folder naming its worker (ChromiumOwner's mark), so a successor knows whose it is. */
const PROFILE_OWNER_FILE = 'webharvest-owner';

/** Lifecycle events of the pool's browsers, for the service's logs. */
export type BrowserPoolEvent = 'launched' | 'crashed' | 'recycled';

export interface BrowserPoolSettings extends Omit<ChromiumLaunchSettings, 'ownerFlag' | 'userDataDir'> {
  /** Whose browsers these are (`<namespace>.scrape-worker`): a restarted worker reaps what a killed one left. */
  ownerScope: string;
  /** Pages open at once across the pool. */
  maxPages: number;
  /** Pages a browser serves before it is replaced. */
  recycleAfterPages: number;
  /** Memory (proportional set size) of a browser's process tree above which it is replaced. */
  maxMemoryBytes: number;
  /** Scrapes an incognito context serves, wiped in between, before it is closed. */
  contextReuses: number;
}

interface PooledBrowser {
  browser: Browser;
  contexts: ContextShelf;
  pagesServed: number;
  openPages: number;
  /** No new pages go to it; it closes when its last page is done. */
  retiring: boolean;
  /** Chromium went away without us closing it. */
  crashed: boolean;
}

/** What a worker's boot cleared of a killed predecessor's. */
export interface ReapedLeftovers {
  /** Browsers still running, killed (a browser launched over a pipe quits with its worker; an older one did not). */
  browsers: number;
  /** Profile folders removed. */
  profiles: number;
}

/** What happened to the pool, for logs and the benchmark. */
export interface BrowserPoolStats {
  launched: number;
  crashes: number;
  recycled: number;
}

/**
 * Reuses a few Chromium processes and gives every scrape an incognito context and page of its own at a time, wiped
 * of the previous scrape's cookies, storage and cache (see ContextShelf), so scrapes never share them. A browser is
 * recycled after a number of pages or above a memory ceiling. When a browser crashes, only the pages it held
 * fail, and each is tried once more on a new browser; a page whose renderer crashed is tried once more too.
 */
export class BrowserPool {
  private current?: Promise<PooledBrowser>;
  private readonly browsers = new Set<PooledBrowser>();
  private readonly slots: PageSlots;
  private closed = false;
  private readonly owner: ChromiumOwner;
  readonly stats: BrowserPoolStats = { launched: 0, crashes: 0, recycled: 0 };

  constructor(
    private readonly settings: BrowserPoolSettings,
    private readonly onEvent: (event: BrowserPoolEvent, stats: BrowserPoolStats) => void = () => undefined,
  ) {
    this.slots = new PageSlots(settings.maxPages);
    this.owner = new ChromiumOwner(settings.ownerScope);
  }

  /**
   * Clears what a worker of this scope left when it was killed (SIGKILL gives it no chance to close its browsers):
   * browsers still running, and the profile folders of workers that no longer run. Called once at boot.
   */
  async reapOrphans(): Promise<ReapedLeftovers> {
    const browsers = this.owner.reapOrphans().length;
    let profiles = 0;
    for (const entry of await readdir(tmpdir())) {
      if (!entry.startsWith(PROFILE_PREFIX)) continue;
      const folder = path.join(tmpdir(), entry);
      const owner = await readFile(path.join(folder, PROFILE_OWNER_FILE), 'utf8').catch(() => undefined);
      if (owner === undefined || !this.owner.isOrphaned(owner)) continue;
      await rm(folder, { recursive: true, force: true });
      profiles += 1;
    }
    return { browsers, profiles };
  }

  /** Runs `work` on a page whose incognito context no other scrape uses meanwhile. */
  async withPage<T>(work: (page: Page) => Promise<T>, options: PageContextOptions = {}): Promise<T> {
    await this.slots.acquire();
    try {
      return await this.runWithOneRetry(work, options);
    } finally {
      this.slots.release();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.current = undefined;
    await Promise.all([...this.browsers].map((pooled) => this.shutDown(pooled)));
  }

  private async runWithOneRetry<T>(work: (page: Page) => Promise<T>, options: PageContextOptions): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const pooled = await this.browserForNextPage();
      try {
        return await this.runOnce(pooled, work, options);
      } catch (error) {
        if (!this.hasCrashed(pooled) && !(error instanceof PageCrashedError)) throw error;
        if (attempt >= 2) {
          throw new DomainError(
            ErrorCode.ServiceUnavailable,
            'The browser crashed twice while rendering this page',
            undefined,
            true,
          );
        }
      }
    }
  }

  private async runOnce<T>(
    pooled: PooledBrowser,
    work: (page: Page) => Promise<T>,
    options: PageContextOptions,
  ): Promise<T> {
    pooled.openPages += 1;
    pooled.pagesServed += 1;
    let lease: ContextLease | undefined;
    let completed = false;
    try {
      const result = await untilDisconnected(
        pooled.browser,
        (async () => {
          lease = await pooled.contexts.lease(options);
          return untilPageCrash(lease.page, work(lease.page));
        })(),
      );
      completed = true;
      return result;
    } finally {
      pooled.openPages -= 1;
      // A dead browser's contexts went with it; asking it to close one would wait for an answer that never comes.
      if (lease && !this.hasCrashed(pooled)) {
        // The wipe runs after the scrape has its answer; the context only serves again once it is done.
        if (completed) void pooled.contexts.giveBack(lease, !pooled.retiring);
        else await pooled.contexts.giveBack(lease, false);
      }
      await this.afterPage(pooled);
    }
  }

  private hasCrashed(pooled: PooledBrowser): boolean {
    return pooled.crashed || !pooled.browser.connected;
  }

  private async browserForNextPage(): Promise<PooledBrowser> {
    if (this.closed)
      throw new DomainError(ErrorCode.ServiceUnavailable, 'The browser pool is shutting down', undefined, true);
    const pending = this.current;
    if (pending) {
      const pooled = await pending.catch(() => undefined);
      if (pooled && !pooled.retiring && !this.hasCrashed(pooled)) return pooled;
      if (this.current === pending) this.current = undefined;
    }
    this.current ??= this.launch();
    return this.current;
  }

  private async launch(): Promise<PooledBrowser> {
    let browser: Browser;
    const userDataDir = await mkdtemp(path.join(tmpdir(), PROFILE_PREFIX));
    const removeProfile = (): Promise<void> => rm(userDataDir, { recursive: true, force: true });
    try {
      await writeFile(path.join(userDataDir, PROFILE_OWNER_FILE), this.owner.mark);
      browser = await launchChromium({ ...this.settings, ownerFlag: this.owner.flag, userDataDir });
    } catch (error) {
      await removeProfile();
      throw new DomainError(
        ErrorCode.ServiceUnavailable,
        `Chromium could not be started: ${(error as Error).message}`,
        undefined,
        true,
      );
    }
    const pooled: PooledBrowser = {
      browser,
      contexts: new ContextShelf(browser, this.settings.contextReuses),
      pagesServed: 0,
      openPages: 0,
      retiring: false,
      crashed: false,
    };
    // Closed, recycled or crashed: the folder goes once Chromium stopped writing to it.
    browser.process()?.once('exit', () => void removeProfile().catch(() => undefined));
    this.stats.launched += 1;
    this.onEvent('launched', this.stats);
    this.browsers.add(pooled);
    browser.on('disconnected', () => {
      if (!pooled.retiring) {
        pooled.crashed = true;
        this.stats.crashes += 1;
        this.onEvent('crashed', this.stats);
      }
      this.browsers.delete(pooled);
    });
    return pooled;
  }

  /** Retires a browser that served its share of pages or grew too large, and closes retired ones once idle. */
  private async afterPage(pooled: PooledBrowser): Promise<void> {
    if (!pooled.retiring && !this.hasCrashed(pooled)) {
      const worn = pooled.pagesServed >= this.settings.recycleAfterPages;
      const memoryDue = pooled.pagesServed % MEMORY_CHECK_EVERY_PAGES === 0;
      if (worn || (memoryDue && (await this.memoryBytes(pooled)) > this.settings.maxMemoryBytes)) {
        pooled.retiring = true;
        this.stats.recycled += 1;
        this.onEvent('recycled', this.stats);
      }
    }
    if (pooled.retiring && pooled.openPages === 0) await this.shutDown(pooled);
  }

  private async memoryBytes(pooled: PooledBrowser): Promise<number> {
    const pid = pooled.browser.process()?.pid;
    return pid === undefined ? 0 : processTreePssBytes(pid);
  }

  private async shutDown(pooled: PooledBrowser): Promise<void> {
    pooled.retiring = true;
    this.browsers.delete(pooled);
    await pooled.browser.close().catch(() => undefined);
  }
}

/** The renderer process of a page died (out of memory, killed): the page is lost, the browser is not. */
class PageCrashedError extends Error {}

/** Settles with `work`, or rejects when the page's renderer crashes, which leaves its pending calls unanswered. */
async function untilPageCrash<T>(page: Page, work: Promise<T>): Promise<T> {
  let onCrash = (): void => undefined;
  const crashed = new Promise<never>((_, reject) => {
    onCrash = () => reject(new PageCrashedError('the page crashed'));
    page.once('error', onCrash);
  });
  work.catch(() => undefined);
  crashed.catch(() => undefined);
  try {
    return await Promise.race([work, crashed]);
  } finally {
    page.off('error', onCrash);
  }
}

/**
 * Settles with `work`, or rejects as soon as the browser goes away: calls in flight (creating a context, a
 * navigation, a network-idle wait) would otherwise wait for their own timeout on a connection that no longer
 * answers.
 */
async function untilDisconnected<T>(browser: Browser, work: Promise<T>): Promise<T> {
  let onDisconnected = (): void => undefined;
  const disconnected = new Promise<never>((_, reject) => {
    onDisconnected = () => reject(new Error('the browser disconnected'));
    if (browser.connected) browser.once('disconnected', onDisconnected);
    else onDisconnected();
  });
  // Whichever loses the race must not surface as an unhandled rejection.
  work.catch(() => undefined);
  disconnected.catch(() => undefined);
  try {
    return await Promise.race([work, disconnected]);
  } finally {
    browser.off('disconnected', onDisconnected);
  }
}
