import { ErrorCode, type ScrapeDocument, type ScrapeJobCommand } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { measureStage } from '@wh/platform/telemetry';
import type { BrandingSample } from '../branding/branding-sample';
import type { BrowserEngine } from '../browser/browser-engine';
import { browserReasons } from '../browser/engine-choice';
import { cacheWindow } from '../cache/cache-hit-reader';
import { scrapeCacheKey } from '../cache/cache-key';
import { mayStoreInCache } from '../cache/cache-policy';
import type { ScrapeCacheRepository } from '../cache/scrape-cache.repository';
import type { FetchedResponse, HttpEngine } from '../fetch';
import { isPdf, pdfDocument } from '../pdf/pdf-document';
import type { ProxyEndpoint, ProxyPools } from '../proxy/proxy-pools';
import { type BuiltDocument, buildDocument, type Converter, responseMetadata } from './document-builder';
import type { ScrapeUsage } from './scrape-credits';

export interface PageScraperSettings {
  allowPrivateTargets: boolean;
  maxResponseBytes: number;
  userAgent: string;
}

/** A scraped page and what it costs. */
export interface ScrapeOutcome {
  document: ScrapeDocument;
  usage: ScrapeUsage;
  /** What the `branding` format reads, for a freshly rendered page that asked for it. */
  brandingSample?: BrandingSample;
  /**
   * For a job with a discovery scope, a freshly scraped HTML page's links within it: what the crawl-scheduler is
   * sent instead of every link of the page.
   */
  discoveredLinks?: string[];
}

/** Statuses that mean the site turned the visitor away: `auto` retries them through the enhanced proxy. */
const BLOCKED_STATUSES = new Set([401, 403, 429]);

/** Which engine served a page, in `metadata.engine`. */
export type EngineName = 'http' | 'chromium';

/**
 * Decides where a page comes from (cache, the HTTP engine, or Chromium) and produces its document. The HTTP
 * engine is the fast path; Chromium serves requests only it can honour and pages that turn out to be
 * unrendered script shells.
 */
export class PageScraper {
  constructor(
    private readonly cache: ScrapeCacheRepository,
    private readonly engine: HttpEngine,
    private readonly browser: BrowserEngine,
    private readonly proxies: ProxyPools,
    private readonly convert: Converter,
    private readonly settings: PageScraperSettings,
  ) {}

  /**
   * The cached copy a job may be answered with, marked as a hit, or undefined. With `minAge` only the cache may
   * answer, so finding nothing is an error. `alreadyMissed`: the caller looked for this job's page already.
   */
  private async fromCache(
    job: ScrapeJobCommand,
    now: Date,
    alreadyMissed: boolean,
  ): Promise<ScrapeOutcome | undefined> {
    const window = alreadyMissed ? undefined : cacheWindow(job.options, now);
    const cached = window && (await this.cache.find(scrapeCacheKey(job.url, job.options), window));
    if (cached) return { document: markCached(cached.document, cached.scrapedAt), usage: { proxyUsed: 'basic' } };
    if (job.options.minAge !== undefined) {
      throw new DomainError(ErrorCode.ScrapeNoCachedData, 'No cached data meets the minAge requirement');
    }
    return undefined;
  }

  /**
   * The page from the cache when the job allows it, otherwise freshly scraped. `cacheAlreadyMissed`: the job handler
   * looked this job's page up in the cache and found none, so it is not asked twice.
   */
  async scrape(job: ScrapeJobCommand, now = new Date(), cacheAlreadyMissed = false): Promise<ScrapeOutcome> {
    const { options } = job;
    const cached = await this.fromCache(job, now, cacheAlreadyMissed);
    if (cached) return cached;
    if (options.proxy === 'enhanced' && !this.proxies.hasEnhanced) {
      throw new DomainError(
        ErrorCode.UnsupportedOption,
        'proxy "enhanced" needs an enhanced proxy pool, and none is configured',
      );
    }

    const remainingMs = job.deadlineAt - now.getTime();
    if (remainingMs <= 0) throw new DomainError(ErrorCode.ScrapeTimeout, 'Scrape timed out before it could start');
    const outcome = await this.scrapeWithProxies(job, remainingMs);
    outcome.document.metadata.cacheState = 'miss';
    return outcome;
  }

  /**
   * Keeps a freshly scraped document for later requests, when the job allows it. Called once the result is on its
   * way, so the requester does not wait for the write.
   */
  async remember(job: ScrapeJobCommand, document: ScrapeDocument, scrapedAt: Date): Promise<void> {
    if (mayStoreInCache(job.options, document)) {
      await this.cache.store(scrapeCacheKey(job.url, job.options), job.url, document, scrapedAt);
    }
  }

  /**
   * `enhanced` renders through the enhanced pool; `basic` and `auto` go through the basic pool (or the
   * location's country pool, or direct), and `auto` tries once more through the enhanced pool when the site
   * turned the first attempt away. That retry is billed as enhanced only when it succeeds.
   */
  private async scrapeWithProxies(job: ScrapeJobCommand, remainingMs: number): Promise<ScrapeOutcome> {
    const { options } = job;
    const started = Date.now();
    if (options.proxy === 'enhanced') return this.enhanced(job);
    const proxy = this.proxies.basicFor(options.location?.country);
    const first =
      browserReasons(options).length > 0
        ? await this.render(job, proxy)
        : await this.fetchFirst(job, remainingMs, proxy);
    const blocked = BLOCKED_STATUSES.has(first.document.metadata.statusCode);
    if (options.proxy !== 'auto' || !blocked || !this.proxies.hasEnhanced || Date.now() - started >= remainingMs)
      return first;
    try {
      const retry = await this.enhanced(job);
      return retry.document.metadata.statusCode < 400 ? retry : first;
    } catch {
      return first;
    }
  }

  private async enhanced(job: ScrapeJobCommand): Promise<ScrapeOutcome> {
    const outcome = await this.render(job, this.proxies.enhancedProxy());
    return { ...outcome, usage: { ...outcome.usage, proxyUsed: 'enhanced' } };
  }

  private async fetchFirst(
    job: ScrapeJobCommand,
    remainingMs: number,
    proxy: ProxyEndpoint | undefined,
    { renderShells = true }: { renderShells?: boolean } = {},
  ): Promise<ScrapeOutcome> {
    const { options } = job;
    const response = await measureStage('fetch', () =>
      this.engine.fetch({
        url: job.url,
        headers: options.headers,
        timeoutMs: Math.min(options.timeout, remainingMs),
        skipTlsVerification: options.skipTlsVerification,
        maxBodyBytes: this.settings.maxResponseBytes,
        allowPrivateTargets: this.settings.allowPrivateTargets,
        userAgent: this.settings.userAgent,
        ...(proxy ? { proxyUrl: proxy.url } : {}),
      }),
    );
    if (isPdf(response.contentType, response.body)) {
      const pdf = await measureStage('pdf', () =>
        pdfDocument(response.body, options, responseMetadata(job.url, response)),
      );
      return {
        document: withEngine(pdf.document, 'http'),
        usage: { proxyUsed: 'basic', ...(options.rawPdf ? {} : { pdfPagesParsed: pdf.pagesParsed }) },
      };
    }
    // The conversion reads whether the page is a shell in the pass it parses the page in anyway: a shell's own
    // conversion, of next to nothing, is the cheaper price than a second parse of every page with content.
    const built = await this.build(job, response);
    if (renderShells && response.statusCode < 400 && built.unrendered) {
      return this.render(job, proxy);
    }
    return {
      document: withEngine(built.document, 'http'),
      usage: { proxyUsed: 'basic' },
      ...discoveredLinks(built),
    };
  }

  private async render(job: ScrapeJobCommand, proxy: ProxyEndpoint | undefined): Promise<ScrapeOutcome> {
    const rendered = await measureStage('render', () =>
      this.browser.render({
        url: job.url,
        teamId: job.teamId,
        options: job.options,
        deadlineAt: job.deadlineAt,
        ...(proxy ? { proxy } : {}),
      }),
    );
    // The file itself comes from the HTTP engine; a site that answered it HTML would send us back here otherwise.
    if (rendered.response.contentType === 'application/pdf') {
      return this.fetchFirst(job, Math.max(1, job.deadlineAt - Date.now()), proxy, { renderShells: false });
    }
    const built = await this.build(job, rendered.response);
    const { document } = built;
    if (rendered.screenshot) document.screenshot = rendered.screenshot;
    if (rendered.actions) document.actions = rendered.actions;
    return {
      document: withEngine(document, 'chromium'),
      usage: { proxyUsed: 'basic' },
      ...discoveredLinks(built),
      ...(rendered.branding ? { brandingSample: rendered.branding } : {}),
    };
  }

  private build(job: ScrapeJobCommand, response: FetchedResponse): Promise<BuiltDocument> {
    return measureStage('convert', () =>
      buildDocument(job.url, response, job.options, this.convert, job.discoverLinks ? job.discoveryScope : undefined),
    );
  }
}

function discoveredLinks(built: BuiltDocument): Pick<ScrapeOutcome, 'discoveredLinks'> {
  return built.linksInScope ? { discoveredLinks: built.linksInScope } : {};
}

function withEngine(document: ScrapeDocument, engine: EngineName): ScrapeDocument {
  document.metadata.engine = engine;
  return document;
}

function markCached(document: ScrapeDocument, scrapedAt: Date): ScrapeDocument {
  return { ...document, metadata: { ...document.metadata, cacheState: 'hit', cachedAt: scrapedAt.toISOString() } };
}
