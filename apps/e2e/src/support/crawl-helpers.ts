import {
  callApi,
  CRAWL_TEST_DOMAIN,
  type CrawlSite,
  type CrawlSiteOptions,
  eventually,
  type StackDescription,
  startCrawlSite,
} from '@wh/testing';

export interface JobStatusBody {
  success: boolean;
  status: string;
  total: number;
  completed: number;
  creditsUsed: number;
  expiresAt: string;
  next?: string;
  data: { markdown?: string; links?: string[]; metadata: { sourceURL: string; url: string; statusCode: number } }[];
}

let siteNumber = 0;

/** A fresh crawl site with its own host name, so each test's request log is its own. */
export function startOwnCrawlSite(options: Omit<CrawlSiteOptions, 'host'> = {}): Promise<CrawlSite> {
  siteNumber += 1;
  return startCrawlSite({ host: `site${process.pid}x${siteNumber}.${CRAWL_TEST_DOMAIN}`, ...options });
}

/** Polls a job's status until it leaves `scraping`. */
export async function waitForJob(
  stack: Pick<StackDescription, 'baseUrl' | 'apiKey'>,
  path: string,
  timeoutMs = 60_000,
): Promise<JobStatusBody> {
  return eventually(
    async () => {
      const response = await callApi(stack, 'GET', path);
      const body = response.body as unknown as JobStatusBody;
      if (response.status !== 200) throw new Error(`status ${response.status}: ${JSON.stringify(response.body)}`);
      if (body.status === 'scraping') throw new Error(`still scraping: ${body.completed}/${body.total}`);
      return body;
    },
    { timeoutMs, intervalMs: 200 },
  );
}

/** Where the kept pages ended up: the path (and query) on the site's own host, the whole URL elsewhere. */
export function keptUrls(site: CrawlSite, status: JobStatusBody): string[] {
  const own = new URL(site.origin).host;
  return status.data
    .map((page) => {
      const url = new URL(page.metadata.url);
      return url.host === own ? `${url.pathname}${url.search}` : url.href;
    })
    .sort();
}
