import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { classifyAddress } from './ip-classification';

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:']);

// Names that point at the machine itself or at cloud metadata services whatever the resolver says.
const FORBIDDEN_HOSTNAMES = new Set([
  'localhost',
  'localhost.localdomain',
  'ip6-localhost',
  'ip6-loopback',
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);

function forbidden(message: string, details: Record<string, string>): DomainError {
  return new DomainError(ErrorCode.ScrapeTargetForbidden, message, details);
}

/** The host part of a URL without IPv6 brackets or a trailing root dot, lower-cased. */
export function bareHostname(url: URL): string {
  const host = url.hostname.toLowerCase();
  const unbracketed = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return unbracketed.endsWith('.') ? unbracketed.slice(0, -1) : unbracketed;
}

/**
 * Refuses a URL before any connection is attempted: other schemes than http(s), well-known internal names
 * and literal non-public addresses (those never go through DNS, so the resolver check cannot see them).
 */
export function assertAllowedTarget(url: URL, allowPrivateTargets: boolean): void {
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) {
    throw forbidden(`Only http and https URLs can be scraped, not ${url.protocol}`, { url: url.href });
  }
  if (allowPrivateTargets) return;
  const host = bareHostname(url);
  if (FORBIDDEN_HOSTNAMES.has(host) || host.endsWith('.localhost')) {
    throw forbidden(`The host ${host} is internal and cannot be scraped`, { url: url.href });
  }
  if (isIP(host) !== 0) {
    const kind = classifyAddress(host);
    if (kind !== 'public') {
      throw forbidden(`The address ${host} is ${kind} and cannot be scraped`, { url: url.href, address: host });
    }
  }
}

/** Resolves a name to all its addresses; `dns.lookup` in production, a fake in tests. */
export type Resolver = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A `net.connect` lookup. Unless private targets are allowed, it refuses a name when any of its addresses is
 * not public. Because the socket connects to exactly the addresses checked here, a DNS answer that changes
 * between a separate check and the connect (DNS rebinding) cannot slip through.
 */
export function guardedLookup(resolve: Resolver, allowPrivateTargets: boolean): LookupFunction {
  return (hostname, options, reply) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        reply(error, '');
        return;
      }
      const refused = allowPrivateTargets
        ? undefined
        : addresses.find((entry) => classifyAddress(entry.address) !== 'public');
      if (refused) {
        const kind = classifyAddress(refused.address);
        reply(
          forbidden(`The host ${hostname} resolves to the ${kind} address ${refused.address} and cannot be scraped`, {
            host: hostname,
            address: refused.address,
          }),
          '',
        );
        return;
      }
      if (options.all) {
        reply(null, addresses);
        return;
      }
      const first = addresses[0];
      if (!first) {
        reply(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
        return;
      }
      reply(null, first.address, first.family);
    });
  };
}

/** The system resolver, as a {@link Resolver}. */
export const systemResolver: Resolver = (hostname, options, callback) => dnsLookup(hostname, options, callback);
