import { setFlagsFromString } from 'node:v8';
import { type ConvertRequest, type ConvertResult, convertHtml } from '@wh/scraping/core';

/**
 * How far, in percent, V8 lets a heap's old generation grow past what survived its last full collection before the
 * next one. Left to itself V8 let each conversion thread's heap grow to 290-360 MB between full collections, and the
 * two threads' high-water marks were the scrape-worker's resident-memory peaks (+17% to +41% above the first tenth of
 * a real-size crawl). At 50% a thread peaks near 236 MB and the worker's peaks stay within 7% of the first tenth, for
 * 0.8-2.6 ms more CPU a page (2-8%); a forced collection every 100 pages flattened as much but cost a third more CPU a
 * page, a cap on the old generation five times more (docs/benchmarks.md, "Crawl memory": issue 21, session 17).
 */
const OLD_GENERATION_GROWTH_PERCENT = 50;

// V8 flags are the process's, not the thread's: this reaches the worker's main thread too, whose heap is small.
// Resource limits cannot set it, and Node refuses V8 flags in a worker's execArgv.
setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWTH_PERCENT}`);

/** Runs in a worker thread so parsing never blocks the event loop that serves NATS. */
export default function convert(request: ConvertRequest): ConvertResult {
  return convertHtml(request);
}
