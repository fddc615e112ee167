import { Readable } from 'node:stream';
import { parseSitemap, parseSitemapIndex } from 'sitemap';
import type { FetchedResource } from '../resources/resource-fetcher';

/** Nested sitemap indexes deeper than this are not followed (real sites use one level). */
const MAX_INDEX_DEPTH = 3;
const MAX_SITEMAP_FILES = 200;

export type FetchResource = (url: string) => Promise<FetchedResource | undefined>;

/**
 * Collects page URLs from sitemaps: follows sitemap indexes, reads gzipped files (the fetcher gunzips them), and
 * stops once `limit` URLs are known. Unreadable sitemaps are skipped.
 */
export async function readSitemaps(
  roots: readonly string[],
  fetchResource: FetchResource,
  limit: number,
): Promise<string[]> {
  const pages: string[] = [];
  const seen = new Set<string>();
  let pending = roots.map((url) => ({ url, depth: 0 }));
  while (pending.length > 0 && pages.length < limit && seen.size < MAX_SITEMAP_FILES) {
    const next: typeof pending = [];
    for (const { url, depth } of pending) {
      if (seen.has(url) || pages.length >= limit || seen.size >= MAX_SITEMAP_FILES) continue;
      seen.add(url);
      const resource = await fetchResource(url);
      if (!resource || resource.statusCode >= 400) continue;
      if (/<sitemapindex[\s>]/i.test(resource.text)) {
        if (depth >= MAX_INDEX_DEPTH) continue;
        const children = await parseSitemapIndex(Readable.from([resource.text])).catch(() => []);
        next.push(...children.map((child) => ({ url: child.url, depth: depth + 1 })));
        continue;
      }
      const items = await parseSitemap(Readable.from([resource.text])).catch(() => []);
      for (const item of items) {
        if (pages.length >= limit) break;
        pages.push(item.url);
      }
    }
    pending = next;
  }
  return pages;
}
