import { toDomainError } from '@wh/platform/errors';
import type { RobotsRules } from './robots-rules';
import { readSitemapDocument } from './sitemap-document';

/** Nested sitemap indexes deeper than this are not followed (real sites use one level). */
const MAX_INDEX_DEPTH = 3;
const MAX_SITEMAP_FILES = 200;

/** The raw body of a sitemap (gzipped or not), or undefined when it is missing or unreadable. */
export type FetchSitemap = (url: string) => Promise<Buffer | undefined>;

/** Called with each page URL in sitemap order; returning false ends the reading. */
export type SitemapPageSink = (url: string) => boolean;

export interface SitemapReading {
  /** Sitemaps refused, cut off or skipped, one sentence each. */
  warnings: string[];
  /** The deadline passed before every sitemap was read. */
  timedOut: boolean;
}

/** Where a site's sitemaps are: the `Sitemap:` lines of its robots.txt, else the conventional `/sitemap.xml`. */
export function sitemapRoots(start: URL, rules: RobotsRules): string[] {
  const listed = rules.sitemaps();
  return listed.length > 0 ? listed : [`${start.origin}/sitemap.xml`];
}

/**
 * Walks sitemaps from the roots depth-first, so pages come in the order the site lists them: follows sitemap
 * indexes, reads gzipped files, and stops as soon as the sink has enough. One document is read at a time and never
 * held whole (see {@link readSitemapDocument}); loops (an index listing itself or an ancestor) and entries naming a
 * sitemap as a page are skipped. Refused and unreadable sitemaps become warnings; a retryable failure (NATS) is
 * thrown, so the caller can try again.
 */
export async function readSitemaps(
  roots: readonly string[],
  fetchSitemap: FetchSitemap,
  sink: SitemapPageSink,
  deadlineAt = Number.POSITIVE_INFINITY,
): Promise<SitemapReading> {
  const warnings: string[] = [];
  const visited = new Set<string>();
  const pending = [...roots].reverse().map((url) => ({ url, depth: 0 }));
  let wantsMore = true;
  while (wantsMore && pending.length > 0) {
    if (Date.now() >= deadlineAt) return { warnings, timedOut: true };
    const { url, depth } = pending.pop() as { url: string; depth: number };
    if (visited.has(url)) {
      warnings.push(`Sitemap ${url} is listed more than once (a loop); read once.`);
      continue;
    }
    if (visited.size >= MAX_SITEMAP_FILES) {
      warnings.push(`More than ${MAX_SITEMAP_FILES} sitemap files; the rest were not read.`);
      break;
    }
    visited.add(url);
    const body = await fetchOrWarn(url, fetchSitemap, warnings);
    if (!body) continue;
    const children: string[] = [];
    const outcome = await readSitemapDocument(body, {
      page: (page) => {
        if (visited.has(page)) return true;
        wantsMore = sink(page);
        return wantsMore;
      },
      child: (child) => {
        if (children.length < MAX_SITEMAP_FILES) children.push(child);
      },
    });
    if (outcome.problem) warnings.push(`Sitemap ${url} ${outcome.problem}.`);
    if (outcome.kind !== 'index' || children.length === 0) continue;
    if (depth >= MAX_INDEX_DEPTH) {
      warnings.push(
        `Sitemap index ${url} is nested more than ${MAX_INDEX_DEPTH} levels deep; its children were not read.`,
      );
      continue;
    }
    for (const child of children.reverse()) pending.push({ url: child, depth: depth + 1 });
  }
  return { warnings, timedOut: false };
}

async function fetchOrWarn(url: string, fetchSitemap: FetchSitemap, warnings: string[]): Promise<Buffer | undefined> {
  try {
    return await fetchSitemap(url);
  } catch (error) {
    const failure = toDomainError(error);
    if (failure.retryable) throw error;
    warnings.push(`Sitemap ${url} was not fetched: ${failure.message}.`);
    return undefined;
  }
}
