import type { ResourceLimits } from 'node:worker_threads';

/**
 * Young-generation size for a thread that converts pages. jsdom allocates tens of megabytes of short-lived
 * objects per page; with V8's default young generation the scavenger runs several times during one page and
 * promotes DOM objects that die a moment later, so the old generation fills and is swept again and again. Room for a
 * whole page makes most of it die young. This is the smallest size that gives the whole saving; a larger one only
 * raises each thread's memory ceiling (docs/benchmarks.md, "Settings of the HTML pipeline").
 */
export const CONVERSION_YOUNG_GENERATION_MB = 128;

/** How a piscina pool's threads that run {@link convertHtml} are set up. */
export interface ConversionThreadOptions {
  resourceLimits: ResourceLimits;
  atomics: 'async';
}

/**
 * The thread settings every pool converting pages uses, the scrape-worker's and the benchmarks' alike; 0 leaves V8's
 * default young generation. With piscina's default 'sync' atomics a busy thread takes its next page without
 * returning to its event loop, and the shared jsdom window of `dom/dom-document.ts` is let go only after a turn of that
 * loop: every replaced window stayed, and each thread's heap grew for as long as it converted pages
 * (docs/benchmarks.md, "Crawl memory"). 'async' hands each page over through the loop.
 */
export function conversionThreadOptions(
  youngGenerationMb: number = CONVERSION_YOUNG_GENERATION_MB,
): ConversionThreadOptions {
  return {
    resourceLimits: youngGenerationMb > 0 ? { maxYoungGenerationSizeMb: youngGenerationMb } : {},
    atomics: 'async',
  };
}
