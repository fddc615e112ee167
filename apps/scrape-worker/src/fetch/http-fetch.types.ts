/** One page fetch as the scrape worker asks for it. */
export interface HttpFetchRequest {
  url: string;
  /** Extra request headers; they override the engine's defaults (User-Agent, Accept, ...) case-insensitively. */
  headers: Record<string, string>;
  /** Budget for the whole fetch: every redirect hop, connecting, headers and body. */
  timeoutMs: number;
  skipTlsVerification: boolean;
  /** Cap on the (decompressed) body; larger responses fail with SCRAPE_RESPONSE_TOO_LARGE. */
  maxBodyBytes: number;
  /** Whether loopback, private, link-local and other non-public targets may be fetched (tests, intranets). */
  allowPrivateTargets: boolean;
  userAgent: string;
  /**
   * HTTP proxy URL (`http://user:pass@host:port`) to fetch through. The proxy resolves names itself unless the engine
   * reaches it through an egress guard (`guardedProxy`, with private targets disallowed).
   */
  proxyUrl?: string;
  /** Aborts the fetch; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** The final response of a fetch after redirects, with the body decompressed. */
export interface FetchedResponse {
  /** Final URL after redirects. */
  url: string;
  statusCode: number;
  /** Response headers as the server sent them, names lower-cased, repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Lower-cased mime type without parameters ('' if none). */
  contentType: string;
  body: Buffer;
  /**
   * Decoded text for textual content (html, xhtml, xml, text/*, json), charset sniffed from BOM, HTTP header,
   * <meta>; undefined for binary.
   */
  text?: string;
  /** WHATWG name of the encoding `text` was decoded with. */
  charset?: string;
  /** The URL each redirect led to, in order (empty when there was no redirect). */
  redirects: string[];
}
