import { randomUUID } from 'node:crypto';
import type { Pool } from 'undici';
import { type RequestOutcome, sendJson } from './open-loop';

/** One kind of request the benchmark sends at fixed rates. */
export interface Scenario {
  name: string;
  /** A request of this kind; `tag` and `index` make each one distinct where the scenario needs that. */
  send(pool: Pool, apiKey: string, tag: string, index: number): Promise<RequestOutcome>;
}

const HOUR_MS = 3_600_000;

/** Cached hits, misses on the 75 KB page (a URL of its own each time) and status reads of jobs that do not exist. */
export function scenarios(pageUrl: string): { cached: Scenario; miss: Scenario; unknownJob: Scenario } {
  return {
    cached: {
      name: 'cached hit',
      send: (pool, apiKey) =>
        sendJson(pool, 'POST', '/v2/scrape', apiKey, { url: `${pageUrl}?cached=1`, maxAge: HOUR_MS }),
    },
    miss: {
      name: 'cache miss (75 KB page)',
      send: (pool, apiKey, tag, index) =>
        sendJson(pool, 'POST', '/v2/scrape', apiKey, { url: `${pageUrl}?miss=${tag}-${index}` }),
    },
    unknownJob: {
      name: '404, unknown job id',
      send: (pool, apiKey) => sendJson(pool, 'GET', `/v2/crawl/${randomUUID()}`, apiKey),
    },
  };
}
