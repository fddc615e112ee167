import type { HTTPResponse, Page } from 'puppeteer-core';
import { type ActionOutputs, ErrorCode, type ResolvedScrapeOptions } from '@wh/contracts';
import { DomainError, toDomainError } from '@wh/platform/errors';
import { guardRefusalOf } from '@wh/platform/egress-guard';
import { assertBrandable, samplingFailed } from '../branding/branding-support';
import type { BrandingSample } from '../branding/branding-sample';
import { sampleBranding } from '../branding/page-sampler';
import type { FetchedResponse } from '../fetch';
import { egressRefusalError } from '../fetch/egress-refusal';
import type { ScrapeFileStore } from '../files/scrape-file-store';
import type { ProxyEndpoint } from '../proxy/proxy-pools';
import { runActions } from './actions/action-runner';
import { captureScreenshot } from './actions/capture';
import type { AdBlocker } from './ad-blocker';
import type { BrowserPool } from './browser-pool';
import { applyEmulation } from './emulation';
import { type LocationProfile, locationProfile } from './location-profile';
import { applyCosmeticFilters, installRequestFilter } from './request-filter';
import { settle } from './settle';

export interface RenderRequest {
  url: string;
  teamId: string;
  options: ResolvedScrapeOptions;
  /** Epoch ms by which the page must be rendered. */
  deadlineAt: number;
  /** HTTP proxy for all of the page's traffic. */
  proxy?: ProxyEndpoint;
}

/** A rendered page: the document as a response the HTML pipeline takes, plus what the browser alone makes. */
export interface RenderedPage {
  response: FetchedResponse;
  screenshot?: string;
  actions?: ActionOutputs;
  /** The page's computed styles as the `branding` format reads them. */
  branding?: BrandingSample;
}

export interface BrowserEngineSettings {
  allowPrivateTargets: boolean;
  adBlocker: AdBlocker;
}

function mimeTypeOf(response: HTTPResponse | null): string {
  return (response?.headers()['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function responseHeaders(response: HTTPResponse | null): Record<string, string> {
  return response ? response.headers() : {};
}

/** Loads pages in Chromium with the scrape's emulation, waits, actions and screenshot. */
export class BrowserEngine {
  constructor(
    private readonly pool: BrowserPool,
    private readonly files: ScrapeFileStore,
    private readonly settings: BrowserEngineSettings,
  ) {}

  async render(request: RenderRequest): Promise<RenderedPage> {
    const { options } = request;
    const location = options.location ? locationProfile(options.location) : undefined;
    return this.pool.withPage(
      (page) =>
        withDeadline(page, request.deadlineAt, async () => {
          // What this scrape set on the page beyond its document, taken back afterwards: the page may serve again.
          const undo: (() => Promise<void>)[] = [];
          try {
            return await this.renderOn(page, request, location, undo);
          } finally {
            await undoAll(page, undo);
          }
        }),
      request.proxy ? { proxyServer: request.proxy.server } : {},
    );
  }

  private async renderOn(
    page: Page,
    request: RenderRequest,
    location: LocationProfile | undefined,
    undo: (() => Promise<void>)[],
  ): Promise<RenderedPage> {
    const { options } = request;
    if (request.proxy?.username) {
      await page.authenticate({ username: request.proxy.username, password: request.proxy.password ?? '' });
      undo.push(() => page.authenticate(null));
    }
    const blockAds = (options.blockAds ?? false) && !this.settings.adBlocker.isEmpty;
    undo.push(
      await applyEmulation(page, {
        url: request.url,
        mobile: options.mobile ?? false,
        viewport: options.screenshot?.viewport,
        headers: options.headers,
        location,
        ignoreCertificateErrors: options.skipTlsVerification,
      }),
    );
    const filter = await installRequestFilter(page, {
      allowPrivateTargets: this.settings.allowPrivateTargets,
      adBlocker: blockAds ? this.settings.adBlocker : undefined,
    });
    if (filter) undo.push(() => filter.remove());
    const remaining = (): number => Math.max(1, request.deadlineAt - Date.now());
    const navigation = await page
      .goto(request.url, { waitUntil: 'load', timeout: remaining() })
      .catch((error: unknown) => {
        throw filter?.refusal() ?? navigationError(error, request.url);
      });
    const guardRefusal = navigation ? guardRefusalOf(navigation.headers()) : undefined;
    if (guardRefusal) throw egressRefusalError(guardRefusal, navigation?.url() ?? request.url);
    if (options.branding) assertBrandable(mimeTypeOf(navigation), request.url);
    // Chromium shows a PDF in its viewer and hands out the viewer's HTML, not the file: the caller fetches it.
    if (mimeTypeOf(navigation) === 'application/pdf') {
      return { response: { ...(await snapshot(page, navigation)), contentType: 'application/pdf' } };
    }
    await settle(page, remaining());
    if (options.waitFor)
      await new Promise((resolve) => setTimeout(resolve, Math.min(options.waitFor ?? 0, remaining())));
    if (blockAds) await applyCosmeticFilters(page, this.settings.adBlocker);
    const actions = options.actions?.length
      ? await runActions(options.actions, {
          page,
          files: this.files,
          teamId: request.teamId,
          deadlineAt: request.deadlineAt,
        })
      : undefined;
    // Before the screenshot, which may resize the viewport the sample's first screen is measured in.
    const branding = options.branding
      ? await sampleBranding(page).catch((error: unknown) => {
          throw samplingFailed(request.url, error);
        })
      : undefined;
    const screenshot = options.screenshot
      ? await captureScreenshot(page, options.screenshot, this.files, request.teamId)
      : undefined;
    return { response: await snapshot(page, navigation), screenshot, actions, branding };
  }
}

/**
 * Runs the undo steps, newest first. A page that cannot be put back is closed, which keeps the pool from handing
 * its context to another scrape.
 */
async function undoAll(page: Page, undo: (() => Promise<void>)[]): Promise<void> {
  try {
    for (const step of undo.reverse()) await step();
  } catch {
    await page.close().catch(() => undefined);
  }
}

async function snapshot(page: Page, navigation: HTTPResponse | null): Promise<FetchedResponse> {
  const html = await page.content();
  const headers = responseHeaders(navigation);
  return {
    url: page.url(),
    statusCode: navigation?.status() ?? 200,
    headers,
    contentType: 'text/html',
    body: Buffer.from(html, 'utf8'),
    text: html,
    charset: 'utf-8',
    redirects:
      navigation
        ?.request()
        .redirectChain()
        .map((hop) => hop.url()) ?? [],
  };
}

function navigationError(error: unknown, url: string): DomainError {
  const message = (error as Error).message ?? String(error);
  if (/ERR_NAME_NOT_RESOLVED/.test(message)) {
    return new DomainError(ErrorCode.ScrapeDnsResolutionError, `The host of ${url} could not be resolved`, { url });
  }
  if (/ERR_CERT|SSL/.test(message))
    return new DomainError(ErrorCode.ScrapeSslError, `TLS failed for ${url}: ${message}`, { url });
  if (/Navigation timeout|TimeoutError/i.test(message))
    return new DomainError(ErrorCode.ScrapeTimeout, 'Scrape timed out');
  if (/net::ERR_/.test(message))
    return new DomainError(ErrorCode.ScrapeSiteError, `Loading ${url} failed: ${message}`, { url });
  return toDomainError(error);
}

/**
 * Runs `work` on the page but gives up at the deadline: the page is closed, which makes whatever the work
 * awaits fail, and the scrape fails as timed out.
 */
async function withDeadline<T>(page: Page, deadlineAt: number, work: () => Promise<T>): Promise<T> {
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      page.close().catch(() => undefined);
    },
    Math.max(0, deadlineAt - Date.now()),
  );
  try {
    return await work();
  } catch (error) {
    if (timedOut) throw new DomainError(ErrorCode.ScrapeTimeout, 'Scrape timed out');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
