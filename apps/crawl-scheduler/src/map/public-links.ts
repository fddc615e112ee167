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
  // One parse per link: its host name is all that is kept of it.
  const hostnames = links.map((link) => {
    const url = new URL(link.url);
    if (!verdicts.has(url.hostname)) {
      if (verdicts.size < MAX_CHECKED_HOSTS) verdicts.set(url.hostname, isPublicHost(url, resolve));
      else unchecked += 1;
    }
    return url.hostname;
  });
  const publicHosts = new Set<string>();
  for (const [host, verdict] of verdicts) if (await verdict) publicHosts.add(host);
  const kept = links.filter((_, index) => publicHosts.has(hostnames[index]));
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
