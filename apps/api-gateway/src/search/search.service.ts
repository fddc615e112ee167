import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Subjects } from '@wh/contracts';
import { NatsRequester } from '@wh/platform/messaging';
import { UsageCharges } from '../billing/usage-charges';
import type { TeamContext } from '../auth/team-context';
import { SearchResultScraper } from './result-scraper';
import { planSearch, searchCredits } from './search-plan';
import type { SearchRequestDto } from './search-request.dto';
import {
  mergeDocuments,
  resultCount,
  resultUrls,
  type SearchData,
  type SearchResults,
  withoutInvalidUrls,
} from './search-results';

/** Time the gateway keeps waiting past the deadline for an answer extract-service is already sending. */
const REPLY_GRACE_MS = 1_000;

export interface SearchResponse {
  success: true;
  data: SearchData;
  /** The search's credits and every scraped result's. */
  creditsUsed: number;
  id: string;
  warning?: string;
}

/**
 * POST /v2/search: asks extract-service's search client (`search.web.query`), bills the search (2 credits per 10
 * results, Firecrawl's price, idempotent by the search's id), then scrapes the results when formats were asked.
 */
@Injectable()
export class SearchService {
  constructor(
    @Inject(NatsRequester) private readonly requester: NatsRequester,
    @Inject(UsageCharges) private readonly charges: UsageCharges,
    @Inject(SearchResultScraper) private readonly scraper: SearchResultScraper,
  ) {}

  async run(team: TeamContext, body: SearchRequestDto): Promise<SearchResponse> {
    const id = randomUUID();
    const plan = planSearch(team.teamId, body);
    const { warning, ...found } = await this.requester.request(
      Subjects.webSearch,
      plan.request,
      Math.max(0, plan.request.deadlineAt - Date.now()) + REPLY_GRACE_MS,
    );
    const results: SearchResults = plan.ignoreInvalidUrls ? withoutInvalidUrls(found) : found;
    const credits = searchCredits(resultCount(results));
    if (credits > 0) await this.charges.charge(team, 'search', id, credits);

    let data: SearchData = results;
    let scrapeCredits = 0;
    if (plan.scrape) {
      const pages = await this.scraper.scrapeAll(resultUrls(results), team, plan.scrape, plan.request.deadlineAt);
      data = mergeDocuments(results, pages.documents);
      scrapeCredits = pages.credits;
    }
    return { success: true, data, creditsUsed: credits + scrapeCredits, id, ...(warning ? { warning } : {}) };
  }
}
