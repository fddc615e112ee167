import { ResourceFetcher } from '../resources/resource-fetcher';
import { RobotsRules, robotsUrlOf } from '../frontier/robots-rules';

/** Origins whose robots.txt one map reads; a site with more subdomains than this is not worth a fetch per host. */
const MAX_ROBOTS_ORIGINS = 20;

/**
 * The robots.txt rules one map applies, read once per origin and kept only for that map: a map has no job row to
 * keep them under, and the next map of the site should see a changed file.
 */
export class SiteRobots {
  private readonly byOrigin = new Map<string, Promise<RobotsRules>>();
  private skippedOrigins = 0;

  constructor(
    private readonly fetcher: ResourceFetcher,
    private readonly fetchBudgetMs: () => number,
  ) {}

  rulesFor(url: URL): Promise<RobotsRules> {
    const known = this.byOrigin.get(url.origin);
    if (known) return known;
    if (this.byOrigin.size >= MAX_ROBOTS_ORIGINS) {
      this.skippedOrigins += 1;
      return Promise.resolve(new RobotsRules(robotsUrlOf(url), ''));
    }
    const loading = this.load(url);
    this.byOrigin.set(url.origin, loading);
    return loading;
  }

  /** Said in the reply when some hosts' links were listed without their robots.txt being read. */
  warning(): string | undefined {
    return this.skippedOrigins > 0
      ? `robots.txt was read for the first ${MAX_ROBOTS_ORIGINS} hosts only; links of other hosts are listed unchecked.`
      : undefined;
  }

  private async load(url: URL): Promise<RobotsRules> {
    const robotsUrl = robotsUrlOf(url);
    const fetched = await this.fetcher.fetch(robotsUrl, this.fetchBudgetMs());
    // A missing or unreadable robots.txt allows everything.
    return new RobotsRules(robotsUrl, fetched && fetched.statusCode < 400 ? fetched.text : '');
  }
}
