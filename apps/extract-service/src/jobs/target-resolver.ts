import { Inject, Injectable } from '@nestjs/common';
import { Subjects } from '@wh/contracts';
import { isPlainObject, type JsonSchema } from '@wh/extraction';
import { NatsRequester } from '@wh/platform/messaging';
import type { ExtractJobRequest } from '../database/extract-database';
import { WebSearchService } from '../search/web-search.service';

/** Pages one `https://site/*` URL stands for at most: the most relevant to the request, found by the site's map. */
export const MAX_WILDCARD_PAGES = 20;
/** Results of the web search an `enableWebSearch` job adds to its pages. */
export const WEB_SEARCH_PAGES = 5;
/** Pages one job reads at most, however its URLs expand. */
export const MAX_JOB_PAGES = 50;
/** Links asked of the site's map per wildcard, before those outside the wildcard's path are dropped. */
const MAP_LINKS = 200;
const LOOKUP_TIMEOUT_MS = 60_000;

export interface ResolvedTargets {
  urls: string[];
  warnings: string[];
}

const isWildcard = (url: string): boolean => url.endsWith('/*');

/**
 * The pages a job reads: its URLs as given, each `https://site/path/*` replaced by the pages of that site under the
 * path that its map (crawl-scheduler's discovery, `crawl.site.map`) ranks best against the request's words, and with
 * `enableWebSearch` the first results of the configured search backend (`search.web.query`) for the request.
 */
@Injectable()
export class TargetResolver {
  constructor(
    @Inject(NatsRequester) private readonly requester: NatsRequester,
    @Inject(WebSearchService) private readonly search: WebSearchService,
  ) {}

  async resolve(teamId: string, request: ExtractJobRequest): Promise<ResolvedTargets> {
    const words = searchWords(request);
    const warnings: string[] = [];
    const urls: string[] = [];
    for (const url of request.urls) {
      if (isWildcard(url)) urls.push(...(await this.sitePages(teamId, url, words, warnings)));
      else urls.push(url);
    }
    if (request.enableWebSearch) urls.push(...(await this.searchResults(teamId, words)));
    const unique = [...new Set(urls)];
    if (unique.length > MAX_JOB_PAGES)
      warnings.push(`the URLs expanded to ${unique.length} pages; only the first ${MAX_JOB_PAGES} were read`);
    return { urls: unique.slice(0, MAX_JOB_PAGES), warnings };
  }

  private async sitePages(teamId: string, wildcard: string, words: string, warnings: string[]): Promise<string[]> {
    const base = wildcard.slice(0, -1);
    const reply = await this.requester.request(
      Subjects.siteMap,
      {
        teamId,
        // `https://site/docs/*` starts the map from `/docs`, the section's own page, which sites serve far more often
        // than `/docs/`.
        url: base.length > new URL(base).origin.length + 1 ? base.slice(0, -1) : base,
        ...(words ? { search: words } : {}),
        sitemap: 'include',
        includeSubdomains: false,
        ignoreQueryParameters: true,
        limit: MAP_LINKS,
        deadlineAt: Date.now() + LOOKUP_TIMEOUT_MS,
      },
      LOOKUP_TIMEOUT_MS + 5_000,
    );
    if (reply.timedOut) warnings.push(`the map of ${base} timed out; its pages found by then were used`);
    if (reply.warning) warnings.push(reply.warning);
    const under = reply.links.map((link) => link.url).filter((url) => url.startsWith(base) || `${url}/` === base);
    return under.slice(0, MAX_WILDCARD_PAGES);
  }

  private async searchResults(teamId: string, words: string): Promise<string[]> {
    // The search client lives in this service: asked in process, not over NATS.
    const reply = await this.search.run({
      teamId,
      query: words.slice(0, 2_000),
      limit: WEB_SEARCH_PAGES,
      sources: ['web'],
      deadlineAt: Date.now() + LOOKUP_TIMEOUT_MS,
    });
    return (reply.web ?? []).map((result) => result.url).slice(0, WEB_SEARCH_PAGES);
  }
}

/** The request in words to rank pages by: the prompt and the schema's property names (a list's items' too). */
export function searchWords(request: Pick<ExtractJobRequest, 'prompt' | 'schema'>): string {
  const names = request.schema ? propertyNames(request.schema, 0) : [];
  return [request.prompt ?? '', ...new Set(names)].join(' ').trim().slice(0, 1_000);
}

function propertyNames(schema: JsonSchema, depth: number): string[] {
  if (depth > 2) return [];
  const names: string[] = [];
  if (isPlainObject(schema.items)) names.push(...propertyNames(schema.items, depth + 1));
  if (isPlainObject(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      names.push(name);
      if (isPlainObject(property)) names.push(...propertyNames(property, depth + 1));
    }
  }
  return names;
}
