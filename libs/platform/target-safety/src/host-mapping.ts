import type { Resolver } from './target-guard';

interface HostMapping {
  /** Lower-case host name, or `*.suffix` for every name under (and including) `suffix`. */
  pattern: string;
  address: string;
}

/**
 * Parses host resolver rules in Chromium's `--host-resolver-rules` syntax (`MAP *.test 127.0.0.1, MAP a.b 10.0.0.1`),
 * so the HTTP engine and the browser share one setting. Throws on anything else.
 */
export function parseHostResolverRules(rules: string): HostMapping[] {
  return rules
    .split(',')
    .map((rule) => rule.trim())
    .filter(Boolean)
    .map((rule) => {
      const match = /^MAP\s+(\S+)\s+(\S+)$/i.exec(rule);
      if (!match?.[1] || !match[2])
        throw new Error(`host resolver rule "${rule}" is not "MAP <host pattern> <address>"`);
      return { pattern: match[1].toLowerCase(), address: match[2] };
    });
}

function matches(pattern: string, hostname: string): boolean {
  if (!pattern.startsWith('*.')) return hostname === pattern;
  const suffix = pattern.slice(2);
  return hostname === suffix || hostname.endsWith(`.${suffix}`);
}

/**
 * A resolver that answers mapped names itself and passes every other name on. Test suites use it to give
 * fixture sites real-looking host names (sub.site.test) on loopback; answers still go through the target guard.
 */
export function hostMappingResolver(mappings: readonly HostMapping[], fallback: Resolver): Resolver {
  if (mappings.length === 0) return fallback;
  return (hostname, options, callback) => {
    const mapping = mappings.find((candidate) => matches(candidate.pattern, hostname.toLowerCase()));
    if (!mapping) {
      fallback(hostname, options, callback);
      return;
    }
    callback(null, [{ address: mapping.address, family: mapping.address.includes(':') ? 6 : 4 }]);
  };
}
