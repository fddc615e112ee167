import puppeteer from 'puppeteer-core';
import { CHROMIUM_BASE_FLAGS } from '@wh/platform/chromium';

/**
 * The reference: what a plain puppeteer-core script does, one page at a time in one browser: open a page, load
 * the URL, wait for its network to go quiet (as the engine does), read the HTML, close the page.
 */
export async function plainPuppeteerLoop(
  chromiumPath: string,
  urls: string[],
): Promise<{ pages: number; seconds: number }> {
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...CHROMIUM_BASE_FLAGS],
  });
  try {
    const started = process.hrtime.bigint();
    for (const url of urls) {
      const page = await browser.newPage();
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForNetworkIdle({ idleTime: 250, timeout: 3_000 }).catch(() => undefined);
      const html = await page.content();
      if (!html.includes('Copper kettle')) throw new Error(`the plain loop did not render ${url}`);
      await page.close();
    }
    return { pages: urls.length, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  } finally {
    await browser.close();
  }
}
