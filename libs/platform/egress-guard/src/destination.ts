import { isIP } from 'node:net';
import { DomainError } from '@wh/platform/errors';
import { assertAllowedTarget, guardedLookup, type Resolver } from '@wh/platform/target-safety';

/** A host and port a browser asked to reach, as it named them. */
export interface Destination {
  host: string;
  port: number;
}

/** The address a destination was checked at: the one connection it may use. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** Why a destination is refused, in RFC 9209 Proxy-Status terms, with a sentence for the browser's user. */
export class EgressRefusal extends Error {
  constructor(
    readonly proxyStatus: 'destination_ip_prohibited' | 'dns_error' | 'connection_refused' | 'http_request_error',
    message: string,
  ) {
    super(message);
  }

  get httpStatus(): number {
    if (this.proxyStatus === 'destination_ip_prohibited') return 403;
    return this.proxyStatus === 'http_request_error' ? 400 : 502;
  }
}

/** Reads `host:port` (`[v6]:port` for IPv6), as a CONNECT request names its target. */
export function parseAuthority(authority: string): Destination {
  const match = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(authority);
  const port = Number(match?.[2]);
  if (!match?.[1] || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new EgressRefusal('http_request_error', `"${authority}" is not a host and port`);
  }
  return { host: match[1], port };
}

function unbracketed(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function resolveChecked(resolver: Resolver, host: string): Promise<CheckedAddress> {
  return new Promise((resolve, reject) => {
    guardedLookup(resolver, false)(host, { all: false }, (error, address, family) => {
      if (error) reject(error);
      else resolve({ address: address as string, family: family === 6 ? 6 : 4 });
    });
  });
}

/**
 * Resolves a destination once and checks it with the platform's target rules: internal names, literal
 * non-public addresses and names with any non-public address are refused. The caller connects to the returned
 * address and nowhere else, so a second DNS answer (rebinding) never matters.
 */
export async function checkDestination(destination: Destination, resolver: Resolver): Promise<CheckedAddress> {
  const host = unbracketed(destination.host);
  try {
    assertAllowedTarget(new URL(`http://${destination.host}/`), false);
  } catch (error) {
    throw refusalOf(error, host);
  }
  const literal = isIP(host);
  if (literal !== 0) return { address: host, family: literal === 6 ? 6 : 4 };
  try {
    return await resolveChecked(resolver, host);
  } catch (error) {
    throw refusalOf(error, host);
  }
}

function refusalOf(error: unknown, host: string): EgressRefusal {
  if (error instanceof DomainError) return new EgressRefusal('destination_ip_prohibited', error.message);
  if (error instanceof TypeError) return new EgressRefusal('http_request_error', `"${host}" is not a valid host`);
  return new EgressRefusal('dns_error', `The host ${host} could not be resolved`);
}
