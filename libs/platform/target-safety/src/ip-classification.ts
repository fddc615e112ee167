import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** What an address is, as far as deciding whether a scraper may connect to it. Only `public` is allowed. */
export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'carrier-grade-nat'
  | 'link-local'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'reserved'
  | 'invalid';

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

function cidrs(entries: ReadonlyArray<[string, AddressClass]>): ReadonlyArray<[Cidr, AddressClass]> {
  return entries.map(([cidr, kind]) => [ipaddr.parseCIDR(cidr), kind]);
}

// Order matters: the first matching block wins, so narrower blocks come before the ones containing them.
const IPV4_BLOCKS = cidrs([
  ['255.255.255.255/32', 'broadcast'],
  ['0.0.0.0/32', 'unspecified'],
  ['0.0.0.0/8', 'reserved'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrier-grade-nat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', 'reserved'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
]);

// Blocks inside the global unicast range 2000::/3 that are not reachable public hosts. Everything outside
// 2000::/3 is refused anyway (loopback, ULA fc00::/7, link-local fe80::/10, multicast ff00::/8, ...).
const IPV6_GLOBAL_EXCEPTIONS = cidrs([
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['2001::/23', 'reserved'],
]);

const IPV6_NAMED_BLOCKS = cidrs([
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['fc00::/7', 'private'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'link-local'],
  ['ff00::/8', 'multicast'],
]);

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');

function classifyV4(address: ipaddr.IPv4): AddressClass {
  for (const [cidr, kind] of IPV4_BLOCKS) if (address.match(cidr)) return kind;
  return 'public';
}

function embeddedV4(parts: number[], firstPart: number): ipaddr.IPv4 {
  const high = parts[firstPart] ?? 0;
  const low = parts[firstPart + 1] ?? 0;
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function classifyV6(address: ipaddr.IPv6): AddressClass {
  // Addresses that carry an IPv4 address reach that IPv4 host, so they are judged by it.
  if (address.isIPv4MappedAddress()) return classifyV4(address.toIPv4Address());
  if (address.match(NAT64_WELL_KNOWN)) return classifyV4(embeddedV4(address.parts, 6));
  if (address.match(SIX_TO_FOUR)) return classifyV4(embeddedV4(address.parts, 1));

  for (const [cidr, kind] of IPV6_NAMED_BLOCKS) if (address.match(cidr)) return kind;
  if (!address.match(GLOBAL_UNICAST_V6)) return 'reserved';
  for (const [cidr, kind] of IPV6_GLOBAL_EXCEPTIONS) if (address.match(cidr)) return kind;
  return 'public';
}

/**
 * Rewrites a trailing dotted quad (`::ffff:1.2.3.4`) as two hex groups. ipaddr.js reads any such address as
 * IPv4-mapped, even `::1.2.3.4`, which is really the deprecated IPv4-compatible form.
 */
function hexTail(address: string): string {
  const match = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (!match) return address;
  const [, head = '', a = '0', b = '0', c = '0', d = '0'] = match;
  const high = (Number(a) << 8) | Number(b);
  const low = (Number(c) << 8) | Number(d);
  return `${head}${high.toString(16)}:${low.toString(16)}`;
}

/** Classifies a textual IPv4 or IPv6 address (an IPv6 zone id is ignored); `invalid` if it is neither. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const withoutZone = bare.split('%', 1)[0] ?? '';
  const version = isIP(withoutZone);
  if (version === 4) return classifyV4(ipaddr.IPv4.parse(withoutZone));
  if (version === 6) return classifyV6(ipaddr.IPv6.parse(hexTail(withoutZone)));
  return 'invalid';
}

/** Whether a scraper may open a connection to this address. */
export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === 'public';
}
