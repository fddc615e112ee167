import type { Browser, BrowserContext, CDPSession, Frame, HTTPRequest, Page } from 'puppeteer-core';

/** Options of the incognito context a scrape runs in. */
export interface PageContextOptions {
  /** `host:port` of an HTTP proxy for this context's traffic. */
  proxyServer?: string;
}

/** A context between scrapes, wiped, with its page left on a blank document for the next scrape. */
interface IdleContext {
  context: BrowserContext;
  page: Page;
  uses: number;
  /** Drops the context from the shelf if its page's renderer dies while it waits. */
  onCrash: () => void;
}

/** Longest the page may take to leave the scrape's document; a page that will not is closed with its context. */
const BLANKING_TIMEOUT_MS = 5_000;

/** One scrape's context and page, and the origins whose data has to be wiped before the context serves again. */
export class ContextLease {
  private readonly visitedOrigins = new Set<string>();
  private readonly documentOrigins = new Set<string>();
  private readonly onRequest = (request: HTTPRequest): void => {
    this.noteOrigin(this.visitedOrigins, request.url());
  };
  private readonly onFrameNavigated = (frame: Frame): void => {
    this.noteOrigin(this.documentOrigins, frame.url());
    this.noteOrigin(this.visitedOrigins, frame.url());
  };

  constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly uses: number,
    readonly key: string,
  ) {
    page.on('request', this.onRequest);
    page.on('framenavigated', this.onFrameNavigated);
  }

  get origins(): string[] {
    return [...this.visitedOrigins];
  }

  /**
   * The one origin whose documents the page showed, or undefined when it showed several: sessionStorage lives in
   * the tab per origin and can only be cleared for the origin of the document the page still holds.
   */
  get soleDocumentOrigin(): string | undefined {
    return this.documentOrigins.size === 1 ? [...this.documentOrigins][0] : undefined;
  }

  stopWatching(): void {
    this.page.off('request', this.onRequest);
    this.page.off('framenavigated', this.onFrameNavigated);
  }

  private noteOrigin(origins: Set<string>, url: string): void {
    if (!url.startsWith('http:') && !url.startsWith('https:')) return;
    origins.add(new URL(url).origin);
  }
}

/**
 * Incognito contexts of one browser and their page, kept for the next scrape instead of made anew: a new context
 * and page cost Chromium a new renderer process, several times the CPU of a reused page. Between scrapes the page
 * leaves the scrape's document for a blank one (its scripts stop, its history and window name are dropped), and the context's
 * cookies, HTTP cache and every storage of the origins the page touched (localStorage, sessionStorage, IndexedDB,
 * Cache Storage, service workers) are wiped; the engine undoes its own emulation and request interception. A
 * context is closed instead after `maxUses` scrapes, or when anything is in doubt: the scrape failed, it showed
 * documents of several origins (whose tab-scoped sessionStorage cannot all be cleared), it opened pages of its
 * own, or a step of the wipe failed.
 */
export class ContextShelf {
  private readonly idle = new Map<string, IdleContext[]>();
  /** Wipes under way, by proxy: waiting for one is cheaper than a new context and keeps their number down. */
  private readonly wiping = new Map<string, Set<Promise<void>>>();

  constructor(
    private readonly browser: Browser,
    private readonly maxUses: number,
  ) {}

  /** A wiped context and page for these options when one is idle, new ones otherwise. */
  async lease(options: PageContextOptions): Promise<ContextLease> {
    const key = options.proxyServer ?? '';
    for (;;) {
      const kept = this.idle.get(key)?.pop();
      if (kept) {
        kept.page.off('error', kept.onCrash);
        return new ContextLease(kept.context, kept.page, kept.uses + 1, key);
      }
      const underWay = this.wiping.get(key);
      if (!underWay || underWay.size === 0) break;
      await Promise.race(underWay);
    }
    // Chromium sends loopback addresses around a proxy unless told otherwise; a proxied scrape goes through it.
    const context = await this.browser.createBrowserContext(
      options.proxyServer ? { proxyServer: options.proxyServer, proxyBypassList: ['<-loopback>'] } : {},
    );
    try {
      return new ContextLease(context, await context.newPage(), 1, key);
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  /**
   * Takes a context back after its scrape. `reusable` is false when the scrape failed, timed out or crashed: the
   * context is closed.
   */
  async giveBack(lease: ContextLease, reusable: boolean): Promise<void> {
    lease.stopWatching();
    const origin = lease.soleDocumentOrigin;
    if (!reusable || lease.uses >= this.maxUses || origin === undefined) {
      await lease.context.close().catch(() => undefined);
      return;
    }
    const underWay = this.wiping.get(lease.key) ?? new Set<Promise<void>>();
    this.wiping.set(lease.key, underWay);
    const wiped = this.wipe(lease, origin);
    const settled = wiped.then(
      () => undefined,
      () => undefined,
    );
    underWay.add(settled);
    try {
      await wiped;
      const shelf = this.idle.get(lease.key) ?? [];
      const idle: IdleContext = {
        context: lease.context,
        page: lease.page,
        uses: lease.uses,
        onCrash: () => {
          const position = shelf.indexOf(idle);
          if (position !== -1) shelf.splice(position, 1);
          lease.context.close().catch(() => undefined);
        },
      };
      lease.page.once('error', idle.onCrash);
      shelf.push(idle);
      this.idle.set(lease.key, shelf);
    } catch {
      // Out of the set before the close is awaited: a lease waiting on the set would otherwise race this already
      // settled promise again and again, a microtask loop that starves the event loop (the close never finishes).
      underWay.delete(settled);
      await lease.context.close().catch(() => undefined);
    } finally {
      underWay.delete(settled);
    }
  }

  private async wipe(lease: ContextLease, documentOrigin: string): Promise<void> {
    const { page, context } = lease;
    if ((await context.pages()).length !== 1) throw new Error('the scrape left pages of its own open');
    // Navigating from inside the page keeps its renderer process (a navigation from outside would swap it) and
    // leaves a blank document of the same origin, whose sessionStorage can then be cleared.
    await Promise.all([
      page.waitForNavigation({ timeout: BLANKING_TIMEOUT_MS }),
      // The evaluation may lose its answer to the very navigation it starts; the URL check below decides.
      page.evaluate('location.replace("about:blank")').catch(() => undefined),
    ]);
    if (page.url() !== 'about:blank') throw new Error('the page did not leave its document');
    // The window's name outlives its documents within a site; a scrape may have written one.
    await page.evaluate('window.name = ""');
    let session: CDPSession | undefined;
    try {
      session = await page.createCDPSession();
      const client = session;
      await client.send('Page.resetNavigationHistory');
      await client.send('DOMStorage.clear', { storageId: { securityOrigin: documentOrigin, isLocalStorage: false } });
      await Promise.all(
        lease.origins.map((origin) => client.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })),
      );
      await client.send('Network.clearBrowserCookies');
      await client.send('Network.clearBrowserCache');
    } finally {
      await session?.detach().catch(() => undefined);
    }
  }
}
