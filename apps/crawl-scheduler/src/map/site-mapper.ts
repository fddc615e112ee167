import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  MAX_MAP_LIMIT,
  type PageLinksReply,
  type SiteMapLink,
  type SiteMapReply,
  type SiteMapRequest,
} from '@wh/contracts';
import { DomainError, toDomainError } from '@wh/platform/errors';
import { assertAllowedTarget, systemResolver } from '@wh/platform/target-safety';
import { CrawlSchedulerConfig } from '../crawl-scheduler.config';
import { CrawlScope, type ScopeRules } from '../frontier/crawl-scope';
import { DiscoveredUrls } from '../frontier/discovered-urls';
import { triageLinks } from '../frontier/link-triage';
import { readSitemaps, sitemapRoots } from '../frontier/sitemap-reader';
import { parseCrawlableUrl, siteHost } from '../frontier/url-key';
import { ResourceFetcher } from '../resources/resource-fetcher';
import { KnownPagesRepository } from './known-pages.repository';
import { rankLinks } from './link-ranking';
import { publicLinksOnly } from './public-links';
import { SiteRobots } from './site-robots';
import { StartPageReader } from './start-page-reader';

/** A map covers the whole site of its URL, whatever the path, and its subdomains unless told otherwise. */
function mapScope(includeSubdomains: boolean): ScopeRules {
  return {
    allowSubdomains: includeSubdomains,
    allowExternalLinks: false,
    crawlEntireDomain: true,
    includePaths: [],
    excludePaths: [],
    regexOnFullURL: false,
  };
}

/**
 * Fetches may run this long past the deadline: one still running then is cut by the deadline (a timeout answer), not
 * by its own time limit just before it, which would read as a site error and let a late map pass as complete.
 */
const FETCH_SLACK_MS = 1_000;

type PageDetails = Pick<SiteMapLink, 'title' | 'description'>;

function detailsOf(title: string | null | undefined, description: string | null | undefined): PageDetails {
  return { ...(title ? { title } : {}), ...(description ? { description } : {}) };
}

/** One map's state: what it found so far, what it has to say, and the time it has left. */
interface MapRun {
  request: SiteMapRequest;
  start: URL;
  discovered: DiscoveredUrls;
  details: Map<string, PageDetails>;
  robots: SiteRobots;
  warnings: string[];
  timeLeftMs: () => number;
  /** The time a fetch started now may take. */
  fetchBudgetMs: () => number;
}

/**
 * Every URL of a site, found by the crawl's own discovery: robots.txt sitemaps (or /sitemap.xml), the start page's
 * links, and the pages the team's earlier crawls kept, in that order, in scope, normalised and de-duplicated as a crawl
 * does, without URLs robots.txt disallows. With `search`, everything found (up to the largest map) is ranked before
 * the limit applies; without it, the first `limit` URLs in that order are the answer.
 */
@Injectable()
export class SiteMapper {
  constructor(
    @Inject(ResourceFetcher) private readonly fetcher: ResourceFetcher,
    @Inject(StartPageReader) private readonly startPages: StartPageReader,
    @Inject(KnownPagesRepository) private readonly knownPages: KnownPagesRepository,
    @Inject(CrawlSchedulerConfig) private readonly config: CrawlSchedulerConfig,
  ) {}

  async execute(request: SiteMapRequest): Promise<SiteMapReply> {
    const start = parseCrawlableUrl(request.url);
    if (!start) throw new DomainError(ErrorCode.BadRequest, 'url must be an http or https URL');
    assertAllowedTarget(start, this.config.ALLOW_PRIVATE_TARGETS);
    const timeLeftMs = (): number => request.deadlineAt - Date.now();
    const fetchBudgetMs = (): number => timeLeftMs() + FETCH_SLACK_MS;
    const run: MapRun = {
      request,
      start,
      discovered: new DiscoveredUrls(
        new CrawlScope(start, mapScope(request.includeSubdomains)),
        request.ignoreQueryParameters,
        request.search ? MAX_MAP_LIMIT : request.limit,
      ),
      details: new Map(),
      robots: new SiteRobots(this.fetcher, fetchBudgetMs),
      warnings: [],
      timeLeftMs,
      fetchBudgetMs,
    };
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'timedOut'>((resolve) => {
      timer = setTimeout(() => resolve('timedOut'), Math.max(0, timeLeftMs()));
    });
    const mapping = this.map(run);
    // Work still running at the deadline ends on its own: every fetch is bounded by the time left plus FETCH_SLACK_MS.
    mapping.catch(() => undefined);
    try {
      const outcome = await Promise.race([mapping, deadline]);
      return outcome === 'timedOut' ? { links: [], timedOut: true } : outcome;
    } finally {
      clearTimeout(timer);
    }
  }

  private async map(run: MapRun): Promise<SiteMapReply> {
    const { request, start, discovered } = run;
    const withPages = request.sitemap !== 'only';
    // Both start at once: the start page and the database answer while the sitemaps are read.
    const startPage = withPages ? this.readStartPage(run) : undefined;
    const knownPages = this.knownPages.ofSite(
      request.teamId,
      siteHost(start),
      request.includeSubdomains,
      // With `search` everything found is ranked before the limit applies, the team's own pages too.
      request.search ? MAX_MAP_LIMIT : request.limit,
    );
    startPage?.catch(() => undefined);
    knownPages.catch(() => undefined);

    if (withPages) discovered.offer(start.href, 0);
    let timedOut = false;
    if (request.sitemap !== 'skip') {
      const rules = await run.robots.rulesFor(start);
      const reading = await readSitemaps(
        sitemapRoots(start, rules),
        (url) => this.fetcher.fetchBody(url, run.fetchBudgetMs()),
        (url) => discovered.offer(url, 0),
        request.deadlineAt,
      );
      run.warnings.push(...reading.warnings);
      timedOut = reading.timedOut;
    }
    const page = await startPage;
    if (page) this.addStartPage(run, page);
    // With `sitemap: only` the kept pages lend their titles to sitemap pages but add no URLs.
    for (const known of await knownPages) {
      if (withPages) discovered.offer(known.url, 1);
      this.addDetails(run, known.url, detailsOf(known.title, known.description));
    }
    const links = await this.answer(run);
    const robotsWarning = run.robots.warning();
    if (robotsWarning) run.warnings.push(robotsWarning);
    return {
      links,
      timedOut: timedOut || run.timeLeftMs() <= 0,
      ...(run.warnings.length > 0 ? { warning: run.warnings.join(' ') } : {}),
    };
  }

  /** The start page's links; a page that cannot be read is a warning, except a refused target, which ends the map. */
  private async readStartPage(run: MapRun): Promise<PageLinksReply | undefined> {
    try {
      return await this.startPages.read(run.start.href, run.fetchBudgetMs(), {
        ...(run.request.headers ? { headers: run.request.headers } : {}),
        ...(run.request.languages ? { languages: run.request.languages } : {}),
      });
    } catch (error) {
      const failure = toDomainError(error);
      if (failure.retryable || failure.code === ErrorCode.ScrapeTargetForbidden) throw failure;
      run.warnings.push(`The start page could not be read: ${failure.message}.`);
      return undefined;
    }
  }

  private addStartPage(run: MapRun, page: PageLinksReply): void {
    if (page.statusCode >= 400) {
      run.warnings.push(`The start page answered ${page.statusCode}.`);
      return;
    }
    this.addDetails(run, run.start.href, detailsOf(page.title, page.description));
    for (const link of page.links) {
      if (!run.discovered.offer(link, 1, page.finalUrl)) break;
    }
  }

  private addDetails(run: MapRun, url: string, details: PageDetails): void {
    const parsed = parseCrawlableUrl(url);
    if (parsed && (details.title || details.description)) run.details.set(run.discovered.keyOf(parsed), details);
  }

  private async answer(run: MapRun): Promise<SiteMapLink[]> {
    const pages = await triageLinks(run.discovered, 0, (url) => run.robots.rulesFor(url));
    let links: SiteMapLink[] = pages
      .filter((page) => page.state !== 'blocked')
      .map((page) => ({ url: page.url, ...run.details.get(page.urlKey) }));
    if (!this.config.ALLOW_PRIVATE_TARGETS) links = await publicLinksOnly(links, systemResolver, run.warnings);
    if (run.request.search) links = rankLinks(links, run.request.search);
    return links.slice(0, run.request.limit);
  }
}
