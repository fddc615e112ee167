import type { Page } from 'puppeteer-core';

/** Longest the automatic wait for a quiet network lasts. */
const SETTLE_LIMIT_MS = 3_000;
const QUIET_MS = 250;

/**
 * Waits until the page's network has been quiet for a moment (scripts fetching their content), at most a few
 * seconds: pages that never go quiet (polling, streaming) are taken as they are then.
 */
export async function settle(page: Page, remainingMs: number): Promise<void> {
  await page
    .waitForNetworkIdle({ idleTime: QUIET_MS, timeout: Math.min(SETTLE_LIMIT_MS, remainingMs) })
    .catch(() => undefined);
}
