import type { Provider } from '@nestjs/common';
import { EgressGuards } from '@wh/platform/egress-guard';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { hostMappingResolver, parseHostResolverRules, systemResolver } from '@wh/platform/target-safety';
import { ScrapeWorkerConfig } from '../scrape-worker.config';

/** The process's egress guards, or null when private targets are allowed and nothing is guarded. */
export const EGRESS_GUARDS = Symbol('EGRESS_GUARDS');

/**
 * One set of guards for both engines: Chromium sends all its traffic through them, and the HTTP engine reaches an
 * operator's proxy through the guard chained to it.
 */
export const egressGuardsProvider: Provider = {
  provide: EGRESS_GUARDS,
  inject: [ScrapeWorkerConfig, LOGGER],
  useFactory: async (config: ScrapeWorkerConfig, logger: Logger): Promise<EgressGuards | null> =>
    config.ALLOW_PRIVATE_TARGETS
      ? null
      : EgressGuards.start({
          // Behind a proxy Chromium no longer resolves names: the guard applies the same host resolver rules.
          resolver: hostMappingResolver(parseHostResolverRules(config.HOST_RESOLVER_RULES), systemResolver),
          onRefusal: (refusal) => logger.warn(refusal, 'egress refused'),
        }),
};

/** `proxyUrl` with its host and port replaced by those of the guard chained to it; credentials and scheme kept. */
export async function guardedProxyUrl(guards: EgressGuards, proxyUrl: string): Promise<string> {
  const url = new URL(proxyUrl);
  const guard = await guards.through(url.host);
  url.host = guard.proxyServer;
  return url.href;
}
