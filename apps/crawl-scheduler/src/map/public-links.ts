import type { SiteMapLink } from '@wh/contracts';
import { assertAllowedTarget, classifyAddress, type Resolver } from '@wh/platform/target-safety';

/** Hosts one map checks; links on further hosts are left out rather than listed unchecked. */
const MAX_CHECKED_HOSTS = 50;

/**
 * Leaves out links to private targets, as a scrape refuses them: internal names, literal non-public addresses, and
 * hosts whose addresses are not all public. A sitemap can name any host; listing an intranet address is itself a leak.
 * A host that does not resolve is no private target and stays.
 */
export async function publicLinksOnly(
  links: readonly SiteMapLink[],
  resolve: Resolver,
  warnings: string[],
): Promise<SiteMapLink[]> {
  const verdicts = new Map<string, Promise<boolean>>();
  let unchecked = 0;
  const hostOf = (link: SiteMapLink): string => new URL(link.url).hostname;
  for (const link of links) {
    const host = hostOf(link);
    if (verdicts.has(host)) continue;
    if (verdicts.size >= MAX_CHECKED_HOSTS) {
      unchecked += 1;
      continue;
    }
    verdicts.set(host, isPublicHost(new URL(link.url), resolve));
  }
  const publicHosts = new Set<string>();
  for (const [host, verdict] of verdicts) if (await verdict) publicHosts.add(host);
  const kept = links.filter((link) => publicHosts.has(hostOf(link)));
  if (kept.length < links.length) {
    warnings.push(
      unchecked > 0
        ? `${links.length - kept.length} links to private addresses or to more than ${MAX_CHECKED_HOSTS} hosts were left out.`
        : `${links.length - kept.length} links to private addresses were left out.`,
    );
  }
  return kept;
}

async function isPublicHost(url: URL, resolve: Resolver): Promise<boolean> {
  try {
    assertAllowedTarget(url, false);
  } catch {
    return false;
  }
  return new Promise((done) => {
    resolve(url.hostname, { all: true }, (error, addresses) => {
      done(error !== null || addresses.every((entry) => classifyAddress(entry.address) === 'public'));
    });
  });
}
