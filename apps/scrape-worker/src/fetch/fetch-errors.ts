import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NODATA', 'EAI_FAIL', 'EAI_NONAME', 'ENODATA']);
const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);
const TLS_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_TLS_HANDSHAKE_TIMEOUT',
  'EPROTO',
]);

/** The error itself and its `cause` chain, since undici wraps socket errors. */
function* causes(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  let current = error;
  while (current !== undefined && current !== null && !seen.has(current)) {
    seen.add(current);
    yield current;
    current = current instanceof Error ? current.cause : undefined;
  }
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Maps a failure of the HTTP client (connect, TLS, DNS, protocol) to the wire error a client should see. */
export function toFetchError(error: unknown, url: string): DomainError {
  for (const candidate of causes(error)) {
    if (candidate instanceof DomainError) return candidate;
  }
  for (const candidate of causes(error)) {
    const code = codeOf(candidate);
    if (code === undefined) continue;
    const details = { url, code, reason: messageOf(candidate) };
    if (DNS_CODES.has(code)) {
      return new DomainError(ErrorCode.ScrapeDnsResolutionError, `DNS resolution failed for ${url}`, details);
    }
    if (TIMEOUT_CODES.has(code)) return new DomainError(ErrorCode.ScrapeTimeout, `Timed out fetching ${url}`, details);
    if (TLS_CODES.has(code) || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')) {
      const message = `TLS error connecting to ${url}: ${messageOf(candidate)}`;
      return new DomainError(ErrorCode.ScrapeSslError, message, details);
    }
    if (code === 'UND_ERR_INVALID_ARG') {
      return new DomainError(ErrorCode.BadRequest, `Invalid request for ${url}: ${messageOf(candidate)}`, details);
    }
  }
  const code = [...causes(error)].map(codeOf).find((value) => value !== undefined);
  return new DomainError(ErrorCode.ScrapeSiteError, `Failed to fetch ${url}: ${messageOf(error)}`, {
    url,
    ...(code ? { code } : {}),
    reason: messageOf(error),
  });
}
