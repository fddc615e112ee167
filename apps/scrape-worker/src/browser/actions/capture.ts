import type { Page } from 'puppeteer-core';
import type { ViewportOption } from '@wh/contracts';
import type { ScrapeFileStore } from '../../files/scrape-file-store';

export interface ScreenshotRequest {
  fullPage: boolean;
  /** JPEG quality; absent means a PNG. */
  quality?: number;
  viewport?: ViewportOption;
}

/** Takes a screenshot (viewport-sized unless fullPage) and stores it, returning its reference. */
export async function captureScreenshot(
  page: Page,
  request: ScreenshotRequest,
  files: ScrapeFileStore,
  teamId: string,
): Promise<string> {
  if (request.viewport) await page.setViewport({ ...page.viewport(), ...request.viewport });
  const image =
    request.quality === undefined
      ? await page.screenshot({ type: 'png', fullPage: request.fullPage })
      : await page.screenshot({ type: 'jpeg', quality: request.quality, fullPage: request.fullPage });
  return files.put(teamId, request.quality === undefined ? 'png' : 'jpeg', Buffer.from(image));
}
