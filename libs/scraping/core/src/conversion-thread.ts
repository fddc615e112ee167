import type { ResourceLimits } from 'node:worker_threads';

/**
 * Young-generation size for a thread that converts pages. jsdom allocates tens of megabytes of short-lived
 * objects per page; with V8's default young generation the scavenger runs several times during one page and
 * promotes DOM objects that die a moment later, so the old generation fills and is swept again and again. Room for a
 * whole page makes most of it die young. Measured on the 75 KB page of bench/scrape in a worker thread: 28.5 -> 24.8
 * ms CPU per page at 128 MB, the same at 160 and 192 MB, no gain at 64 or 96 MB; peak RSS 346 -> 381 MB.
 */
export const CONVERSION_YOUNG_GENERATION_MB = 128;

/** Resource limits for a conversion worker thread; 0 leaves V8's default young generation. */
export function conversionThreadLimits(youngGenerationMb: number = CONVERSION_YOUNG_GENERATION_MB): ResourceLimits {
  return youngGenerationMb > 0 ? { maxYoungGenerationSizeMb: youngGenerationMb } : {};
}
