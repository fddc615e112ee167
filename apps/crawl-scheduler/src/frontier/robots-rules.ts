import robotsParser from 'robots-parser';

/** The product token robots.txt groups are matched against; the worker's User-Agent contains it. */
export const CRAWLER_TOKEN = 'WebHarvest';

/** One origin's robots.txt, as the crawler reads it (a missing file allows everything). */
export class RobotsRules {
  private readonly parsed: ReturnType<typeof robotsParser>;

  constructor(robotsUrl: string, body: string) {
    this.parsed = robotsParser(robotsUrl, body);
  }

  allows(url: string): boolean {
    return this.parsed.isAllowed(url, CRAWLER_TOKEN) ?? true;
  }

  /** Seconds the site asks crawlers to wait between requests, if it says. */
  crawlDelaySeconds(): number | undefined {
    return this.parsed.getCrawlDelay(CRAWLER_TOKEN);
  }

  sitemaps(): string[] {
    return this.parsed.getSitemaps();
  }
}

export function robotsUrlOf(url: URL): string {
  return `${url.origin}/robots.txt`;
}
