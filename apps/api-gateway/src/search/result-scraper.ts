import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type ResolvedScrapeOptions, type ScrapeDocument } from '@wh/contracts';
import { DomainError, toDomainError } from '@wh/platform/errors';
import { ScrapeClient } from '@wh/scrape-client';
import type { TeamContext } from '../auth/team-context';
import { FileUrls } from '../files/file-urls';
import { STATUS_BY_CODE } from '../http/error-status';
import { isScrapableUrl } from './search-results';

/** Less time than this left in the search is not worth starting a scrape for: it would only time out. */
const MIN_SCRAPE_MS = 1_000;

export interface ScrapedPages {
  /** Each result URL's document: the page, or metadata naming why it could not be scraped. */
  documents: Map<string, ScrapeDocument>;
  /** What the scrape-workers charged for them, each as a scrape of its own. */
  credits: number;
}

/**
 * Scrapes the pages a search found through the normal pipeline (the scrape-workers' queue, cache first, each page
 * billed as a scrape by the worker), at most the team's concurrency at once, all within the search's deadline. One
 * page failing does not fail the search: as Firecrawl does, its result carries `metadata.error` and a status.
 */
@Injectable()
export class SearchResultScraper {
  constructor(
    @Inject(ScrapeClient) private readonly scrapes: ScrapeClient,
    @Inject(FileUrls) private readonly fileUrls: FileUrls,
  ) {}

  async scrapeAll(
    urls: readonly string[],
    team: TeamContext,
    options: ResolvedScrapeOptions,
    deadlineAt: number,
  ): Promise<ScrapedPages> {
    const documents = new Map<string, ScrapeDocument>();
    let credits = 0;
    await forEachBounded(urls, Math.max(1, team.concurrencyLimit), async (url) => {
      const page = await this.scrapeOne(url, team.teamId, options, deadlineAt);
      documents.set(url, page.document);
      credits += page.credits;
    });
    return { documents, credits };
  }

  private async scrapeOne(
    url: string,
    teamId: string,
    options: ResolvedScrapeOptions,
    searchDeadlineAt: number,
  ): Promise<{ document: ScrapeDocument; credits: number }> {
    if (!isScrapableUrl(url)) {
      return unscraped(url, new DomainError(ErrorCode.BadRequest, 'The result URL is not an http or https URL'));
    }
    const now = Date.now();
    const deadlineAt = Math.min(now + options.timeout, searchDeadlineAt);
    if (deadlineAt - now < MIN_SCRAPE_MS) {
      return unscraped(
        url,
        new DomainError(ErrorCode.ScrapeTimeout, 'No time was left in the search timeout to scrape this result'),
      );
    }
    try {
      const { document, credits } = await this.scrapes.runCharged({
        jobId: randomUUID(),
        teamId,
        url,
        origin: 'direct',
        options,
        deadlineAt,
      });
      return { document: this.fileUrls.inDocument(document, teamId), credits };
    } catch (error) {
      return unscraped(url, toDomainError(error));
    }
  }
}

/** The document of a result whose page could not be scraped: why, with the status a scrape of it would answer. */
function unscraped(url: string, error: DomainError): { document: ScrapeDocument; credits: number } {
  // An internal error's message is ours, not the caller's business (as in the exception filter).
  const message = error.code === ErrorCode.Internal ? 'Scrape failed' : error.message;
  return {
    document: {
      metadata: { sourceURL: url, url, statusCode: STATUS_BY_CODE[error.code], error: message, code: error.code },
    },
    credits: 0,
  };
}

/** Runs `work` on every item, at most `limit` at a time. */
async function forEachBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
