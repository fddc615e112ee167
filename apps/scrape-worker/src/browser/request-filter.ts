import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { assertAllowedTarget, bareHostname, classifyAddress } from '@wh/platform/target-safety';
import type { AdBlocker, PageSelectors } from './ad-blocker';

export interface RequestFilterSettings {
  allowPrivateTargets: boolean;
  /** Set when ads and trackers are to be blocked. */
  adBlocker?: AdBlocker;
}

export interface RequestFilter {
  /** Why the page's own document was refused, if it was: the scrape then fails with that error. */
  refusal(): DomainError | undefined;
  /** Stops intercepting, so the next scrape on this page starts without this scrape's filter. */
  remove(): Promise<void>;
}

async function assertPublicHost(url: URL): Promise<void> {
  const host = bareHostname(url);
  if (isIP(host) !== 0) return;
  const addresses = await lookup(host, { all: true });
  const refused = addresses.find((entry) => classifyAddress(entry.address) !== 'public');
  if (refused) {
    throw new DomainError(
      ErrorCode.ScrapeTargetForbidden,
      `The host ${host} resolves to a non-public address and cannot be scraped`,
      {
        host,
        address: refused.address,
      },
    );
  }
}

/**
 * Intercepts every request of the page: requests to literal non-public addresses are refused (unless allowed), as
 * the HTTP engine does, the page's own document is refused when its name resolves to one, and ad and tracker
 * requests matched by the filter lists are aborted. What gets past this is still checked by the egress guard, which
 * connects only to the address it checked, so a DNS answer changing in between gains nothing.
 */
export async function installRequestFilter(
  page: Page,
  settings: RequestFilterSettings,
): Promise<RequestFilter | undefined> {
  if (settings.allowPrivateTargets && !settings.adBlocker) return undefined;
  let refusal: DomainError | undefined;
  const checkedHosts = new Map<string, Promise<void>>();
  const decide = async (request: HTTPRequest): Promise<'continue' | 'abort'> => {
    const url = new URL(request.url());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'continue';
    const isDocument = request.isNavigationRequest() && request.frame() === page.mainFrame();
    if (!settings.allowPrivateTargets) {
      try {
        assertAllowedTarget(url, false);
        // Every connection goes through the egress guard, which resolves and checks names itself; the page's own
        // document is also resolved here, so that a refusal fails the scrape with its reason rather than a tunnel error.
        if (isDocument) {
          const host = bareHostname(url);
          if (!checkedHosts.has(host)) checkedHosts.set(host, assertPublicHost(url));
          await checkedHosts.get(host);
        }
      } catch (error) {
        if (isDocument && error instanceof DomainError) refusal = error;
        return 'abort';
      }
    }
    if (!isDocument && settings.adBlocker?.shouldBlock(url.href, page.url(), request.resourceType())) return 'abort';
    return 'continue';
  };
  const onRequest = (request: HTTPRequest): void => {
    if (request.isInterceptResolutionHandled()) return;
    decide(request)
      .catch((): 'abort' => 'abort')
      .then((decision) => (decision === 'abort' ? request.abort('blockedbyclient') : request.continue()))
      .catch(() => undefined);
  };
  await page.setRequestInterception(true);
  page.on('request', onRequest);
  return {
    refusal: () => refusal,
    remove: async () => {
      page.off('request', onRequest);
      await page.setRequestInterception(false);
    },
  };
}

/** Hides what the filter lists' cosmetic rules name (ads, cookie notices) and removes it from the DOM. */
export async function applyCosmeticFilters(page: Page, adBlocker: AdBlocker): Promise<void> {
  const selectors = (await page.evaluate(`(() => {
    const classes = new Set(), ids = new Set(), hrefs = new Set();
    for (const element of document.querySelectorAll('[class], [id], a[href]')) {
      for (const name of element.classList) classes.add(name);
      if (element.id) ids.add(element.id);
      if (element.href) hrefs.add(element.href);
    }
    return { classes: [...classes], ids: [...ids], hrefs: [...hrefs] };
  })()`)) as PageSelectors;
  const styles = adBlocker.hidingStyles(page.url(), selectors);
  if (!styles) return;
  await page.addStyleTag({ content: styles });
  // In-page code is a string: the worker is compiled without the DOM library.
  await page.evaluate(`(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(${JSON.stringify(styles)});
    for (const rule of sheet.cssRules) {
      if (rule.selectorText) document.querySelectorAll(rule.selectorText).forEach((element) => element.remove());
    }
  })()`);
}
