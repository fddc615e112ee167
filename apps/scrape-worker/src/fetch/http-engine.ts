import { Agent, ProxyAgent, request as undiciRequest, type Dispatcher } from 'undici';
import { guardRefusalOf } from '@wh/platform/egress-guard';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { decodeText } from './charset';
import { egressRefusalError } from './egress-refusal';
import { parseContentType, textFamily } from './content-type';
import { toFetchError } from './fetch-errors';
import type { FetchedResponse, HttpFetchRequest } from './http-fetch.types';
import { ACCEPTED_ENCODINGS, decodeContent, parseContentEncoding, readCappedBody, tooLarge } from './response-body';
import { assertAllowedTarget, guardedLookup, type Resolver, systemResolver } from '@wh/platform/target-safety';

/** Tuning of the engine; the defaults suit the scrape worker. */
export interface HttpEngineOptions {
  /** Redirects followed before giving up with SCRAPE_SITE_ERROR. Default 10. */
  maxRedirects?: number;
  /** How long an idle keep-alive connection is kept. Default 10 s. */
  keepAliveTimeoutMs?: number;
  /** Connections per origin and agent. Default 16. */
  connectionsPerOrigin?: number;
  /** DNS resolution for connections; the system resolver by default. Its answers go through the target guard. */
  resolver?: Resolver;
  /**
   * With private targets disallowed, the proxy URL to use in place of an operator's proxy (`http://host:port`, its
   * credentials kept): an egress guard chained to it, which resolves and checks each name itself and asks the
   * operator's proxy for the checked address only, so the proxy's own DNS answer cannot reach a private address.
   */
  guardedProxy?: (proxyUrl: string) => Promise<string>;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
// Headers a caller must not set: they describe the connection or the message framing, which the client owns.
const CALLER_FORBIDDEN_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'expect',
  'te',
  'trailer',
]);
// Credentials are meant for the origin they were given for, so a cross-origin redirect drops them.
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

/** Fetches pages over HTTP(S) with manual redirects, an SSRF guard on every hop, size caps and charset decoding. */
export class HttpEngine {
  private readonly agents = new Map<string, Dispatcher>();
  private readonly maxRedirects: number;

  constructor(private readonly options: HttpEngineOptions = {}) {
    this.maxRedirects = options.maxRedirects ?? 10;
  }

  /**
   * Fetches a URL with GET. HTTP error statuses are returned, not thrown; failures to get a response throw a
   * DomainError (SCRAPE_TIMEOUT, SCRAPE_TARGET_FORBIDDEN, SCRAPE_DNS_RESOLUTION_ERROR, SCRAPE_SSL_ERROR,
   * SCRAPE_RESPONSE_TOO_LARGE, SCRAPE_SITE_ERROR).
   */
  async fetch(request: HttpFetchRequest): Promise<FetchedResponse> {
    request.signal?.throwIfAborted();
    const controller = new AbortController();
    const { url, timeoutMs } = request;
    // The error is made only when the time is up: capturing a stack on every fetch showed in the worker's profile.
    const timer = setTimeout(
      () =>
        controller.abort(
          new DomainError(ErrorCode.ScrapeTimeout, `Timed out after ${timeoutMs} ms fetching ${url}`, {
            url,
            timeoutMs,
          }),
        ),
      timeoutMs,
    );
    const forwardAbort = (): void => controller.abort(request.signal?.reason);
    request.signal?.addEventListener('abort', forwardAbort, { once: true });
    try {
      return await this.follow(request, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) throw abortReason(controller.signal);
      throw toFetchError(error, url);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', forwardAbort);
    }
  }

  /** Closes the pooled keep-alive connections. */
  async close(): Promise<void> {
    const agents = [...this.agents.values()];
    this.agents.clear();
    await Promise.all(agents.map((agent) => agent.close()));
  }

  private async follow(request: HttpFetchRequest, signal: AbortSignal): Promise<FetchedResponse> {
    let url = parseRequestUrl(request.url);
    let headers = requestHeaders(request, url);
    const redirects: string[] = [];
    const dispatcher = await this.agentFor(request);
    for (;;) {
      assertAllowedTarget(url, request.allowPrivateTargets);
      const response = await undiciRequest(withoutCredentials(url), {
        dispatcher,
        method: 'GET',
        headers,
        signal,
        headersTimeout: request.timeoutMs,
        bodyTimeout: request.timeoutMs,
      });
      const refusal = request.proxyUrl ? guardRefusalOf(response.headers) : undefined;
      if (refusal) {
        await response.body.dump();
        throw egressRefusalError(refusal, withoutCredentials(url));
      }
      const location = headerValue(response.headers.location);
      if (!REDIRECT_STATUSES.has(response.statusCode) || location === undefined) {
        return this.toFetchedResponse(url, response, request, redirects, signal);
      }
      await response.body.dump();
      if (redirects.length >= this.maxRedirects) {
        const message = `More than ${this.maxRedirects} redirects fetching ${request.url}`;
        throw new DomainError(ErrorCode.ScrapeSiteError, message, { url: request.url, redirects });
      }
      const next = resolveLocation(location, url);
      if (next.origin !== url.origin) headers = dropCredentials(headers);
      redirects.push(next.href);
      url = next;
    }
  }

  private async toFetchedResponse(
    url: URL,
    response: Dispatcher.ResponseData,
    request: HttpFetchRequest,
    redirects: string[],
    signal: AbortSignal,
  ): Promise<FetchedResponse> {
    const headers = flattenHeaders(response.headers);
    const declaredLength = Number(headers['content-length']);
    if (Number.isFinite(declaredLength) && declaredLength > request.maxBodyBytes) {
      response.body.destroy();
      throw tooLarge(request.maxBodyBytes);
    }
    const codings = parseContentEncoding(headers['content-encoding']);
    const raw = await readCappedBody(response.body, request.maxBodyBytes);
    const body = codings ? await decodeContent(raw, codings, request.maxBodyBytes) : raw;
    signal.throwIfAborted();

    const { mimeType, charset: headerCharset } = parseContentType(headers['content-type']);
    const family = textFamily(mimeType);
    const result: FetchedResponse = {
      url: withoutCredentials(url),
      statusCode: response.statusCode,
      headers,
      contentType: mimeType,
      body,
      redirects,
    };
    // Bodies whose coding could not be undone are still compressed bytes, not text.
    if (family === undefined || codings === undefined || (mimeType === '' && !looksTextual(body))) return result;
    const decoded = decodeText(body, family, headerCharset);
    return { ...result, text: decoded.text, charset: decoded.charset };
  }

  private async agentFor(request: HttpFetchRequest): Promise<Dispatcher> {
    // Pooled connections were checked when they were opened, so guarded and unguarded requests never share them.
    const tls = request.skipTlsVerification ? 'insecure' : 'verified';
    const key = `${tls}:${request.allowPrivateTargets ? 'any' : 'public'}:${request.proxyUrl ?? 'direct'}`;
    const known = this.agents.get(key);
    if (known) return known;
    const agent = request.proxyUrl ? await this.proxyAgent(request, request.proxyUrl) : this.directAgent(request);
    // Another request may have made one while the guard started: the first one made is kept.
    const kept = this.agents.get(key);
    if (kept) {
      void agent.close();
      return kept;
    }
    this.agents.set(key, agent);
    return agent;
  }

  private async proxyAgent(request: HttpFetchRequest, proxyUrl: string): Promise<Dispatcher> {
    const guarded = !request.allowPrivateTargets && this.options.guardedProxy;
    // Plain-HTTP targets go as absolute-form requests, as browsers send them (HTTPS ones are still tunnelled).
    return new ProxyAgent({
      uri: guarded ? await guarded(proxyUrl) : proxyUrl,
      proxyTunnel: false,
      requestTls: { rejectUnauthorized: !request.skipTlsVerification },
    });
  }

  private directAgent(request: HttpFetchRequest): Dispatcher {
    return new Agent({
      keepAliveTimeout: this.options.keepAliveTimeoutMs ?? 10_000,
      connections: this.options.connectionsPerOrigin ?? 16,
      connect: {
        rejectUnauthorized: !request.skipTlsVerification,
        lookup: guardedLookup(this.options.resolver ?? systemResolver, request.allowPrivateTargets),
      },
    });
  }
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error(`Fetch aborted: ${String(reason)}`);
}

function parseRequestUrl(raw: string): URL {
  try {
    return new URL(raw);
  } catch {
    throw new DomainError(ErrorCode.BadRequest, `Invalid URL: ${raw}`, { url: raw });
  }
}

function resolveLocation(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new DomainError(ErrorCode.ScrapeSiteError, `Invalid redirect location ${location} from ${base.href}`, {
      url: base.href,
      location,
    });
  }
}

/** Request headers: defaults, the caller's overrides, and Basic credentials from the URL if present. */
function requestHeaders(request: HttpFetchRequest, url: URL): Record<string, string> {
  const headers: Record<string, string> = {
    'user-agent': request.userAgent,
    accept: DEFAULT_ACCEPT,
    'accept-encoding': ACCEPTED_ENCODINGS,
  };
  if (url.username || url.password) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    if (!CALLER_FORBIDDEN_HEADERS.has(lower)) headers[lower] = value;
  }
  return headers;
}

function withoutCredentials(url: URL): string {
  if (!url.username && !url.password) return url.href;
  const bare = new URL(url.href);
  bare.username = '';
  bare.password = '';
  return bare.href;
}

function dropCredentials(headers: Record<string, string>): Record<string, string> {
  const kept = { ...headers };
  for (const name of CREDENTIAL_HEADERS) delete kept[name];
  return kept;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** For bodies without a Content-Type: text has no NUL bytes near the start (unless it is BOM-marked UTF-16). */
function looksTextual(body: Buffer): boolean {
  const utf16Bom = (body[0] === 0xff && body[1] === 0xfe) || (body[0] === 0xfe && body[1] === 0xff);
  return utf16Bom || !body.subarray(0, 1024).includes(0);
}
