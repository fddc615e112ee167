import type { EgressRefusal } from './destination';

/** The name the guard gives itself in RFC 9209 `Proxy-Status` headers. */
const PROXY_STATUS_NAME = 'webharvest-egress';

/** What a guard's refusal says in a response's headers: the RFC 9209 error type and its sentence. */
export interface GuardRefusal {
  kind: EgressRefusal['proxyStatus'];
  details: string;
}

export function proxyStatus(kind: GuardRefusal['kind'], details: string): string {
  return `${PROXY_STATUS_NAME}; error=${kind}; details=${JSON.stringify(details)}`;
}

const REFUSAL_KINDS = new Set<string>([
  'destination_ip_prohibited',
  'dns_error',
  'connection_refused',
  'http_request_error',
]);

/**
 * The refusal a guard wrote into a response, if the response is one: a browser shows a refused plain-HTTP page as the
 * guard's 403, which a scrape must report as refused rather than keep as the page.
 */
export function guardRefusalOf(headers: Record<string, string | string[] | undefined>): GuardRefusal | undefined {
  const header = headers['proxy-status'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value?.startsWith(`${PROXY_STATUS_NAME};`)) return undefined;
  const kind = /;\s*error=([a-z_]+)/.exec(value)?.[1];
  if (!kind || !REFUSAL_KINDS.has(kind)) return undefined;
  const quoted = /;\s*details=("(?:[^"\\]|\\.)*")/.exec(value)?.[1];
  let details = '';
  try {
    details = quoted ? (JSON.parse(quoted) as string) : '';
  } catch {
    details = quoted ?? '';
  }
  return { kind: kind as GuardRefusal['kind'], details };
}
