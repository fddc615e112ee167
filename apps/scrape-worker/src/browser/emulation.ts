import { type Browser, KnownDevices, type Page } from 'puppeteer-core';
import type { ViewportOption } from '@wh/contracts';
import type { LocationProfile } from './location-profile';

export const DESKTOP_VIEWPORT: ViewportOption = { width: 1920, height: 1080 };
const MOBILE_DEVICE = KnownDevices['Pixel 5'];

export interface EmulationRequest {
  url: string;
  mobile: boolean;
  /** Overrides the desktop viewport (the screenshot format's `viewport`). */
  viewport?: ViewportOption;
  /** Caller headers: `user-agent` and `cookie` are applied the way a browser would send them. */
  headers: Record<string, string>;
  location?: LocationProfile;
  ignoreCertificateErrors: boolean;
}

function splitHeaders(headers: Record<string, string>): {
  userAgent?: string;
  cookie?: string;
  rest: Record<string, string>;
} {
  const rest: Record<string, string> = {};
  let userAgent: string | undefined;
  let cookie: string | undefined;
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'user-agent') userAgent = value;
    else if (lower === 'cookie') cookie = value;
    else rest[name] = value;
  }
  return { userAgent, cookie, rest };
}

function cookiesOf(header: string, url: string): { name: string; value: string; url: string }[] {
  return header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes('='))
    .map((pair) => {
      const separator = pair.indexOf('=');
      return { name: pair.slice(0, separator).trim(), value: pair.slice(separator + 1).trim(), url };
    });
}

const desktopAgents = new WeakMap<Browser, Promise<string>>();

/**
 * Sites turn headless visitors away; the browser's own user agent without the "Headless" marker is what a desktop
 * Chromium sends. Asked once per browser rather than once per page.
 */
function desktopAgentOf(browser: Browser): Promise<string> {
  let agent = desktopAgents.get(browser);
  if (!agent) {
    agent = browser.userAgent().then((reported) => reported.replace('HeadlessChrome', 'Chrome'));
    void agent.catch(() => desktopAgents.delete(browser));
    desktopAgents.set(browser, agent);
  }
  return agent;
}

/** Takes back the overrides that outlive the page's document, so the next scrape on this page starts clean. */
export type EmulationUndo = () => Promise<void>;

/**
 * Makes the page look like the requested visitor before it loads: device, user agent, cookies and headers,
 * languages (Accept-Language and navigator.languages) and time zone.
 */
export async function applyEmulation(page: Page, request: EmulationRequest): Promise<EmulationUndo> {
  const { userAgent, cookie, rest } = splitHeaders(request.headers);
  const browserAgent = await desktopAgentOf(page.browser());
  if (request.mobile) {
    await page.setViewport({ ...MOBILE_DEVICE.viewport, ...(request.viewport ?? {}) });
  } else {
    await page.setViewport(request.viewport ?? DESKTOP_VIEWPORT);
  }
  // Overrides last as long as the session that set them: it stays open for the scrape, and closing it undoes them.
  const client = await page.createCDPSession();
  if (request.ignoreCertificateErrors) await client.send('Security.setIgnoreCertificateErrors', { ignore: true });
  await client.send('Emulation.setUserAgentOverride', {
    userAgent: userAgent ?? (request.mobile ? MOBILE_DEVICE.userAgent : browserAgent),
    ...(request.location ? { acceptLanguage: request.location.languages.join(',') } : {}),
  });
  if (request.location) {
    await client.send('Emulation.setTimezoneOverride', { timezoneId: request.location.timeZone });
    await client.send('Emulation.setLocaleOverride', {
      locale: request.location.languages[0]?.replace('_', '-') ?? 'en-US',
    });
  }
  const extraHeaders = Object.keys(rest).length > 0;
  if (extraHeaders) await page.setExtraHTTPHeaders(rest);
  // Cookies are the context's, wiped between scrapes with the rest of its storage.
  if (cookie) await page.setCookie(...cookiesOf(cookie, request.url));
  return async () => {
    if (extraHeaders) await page.setExtraHTTPHeaders({});
    await client.detach();
  };
}
