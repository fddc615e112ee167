import { type SearchBackend, SEARCH_SETTINGS_HINT, SearxngBackend } from '@wh/search';
import type { Logger } from '@wh/platform/logging';
import type { ExtractServiceConfig } from '../extract-service.config';

/**
 * The configured search backend, or null without one (Nest providers are values); says once at boot which it is, so
 * an operator who expected web search sees at once that it is off and what to set.
 */
export function createSearchBackend(
  config: ExtractServiceConfig,
  logger: Pick<Logger, 'info' | 'warn'>,
): SearchBackend | null {
  const url = config.SEARCH_URL?.trim();
  if (!url) {
    logger.warn(
      `no search backend configured: POST /v2/search answers SEARCH_NOT_CONFIGURED; to search, ${SEARCH_SETTINGS_HINT}`,
    );
    return null;
  }
  const backend = new SearxngBackend({
    baseUrl: url,
    timeoutMs: config.SEARCH_TIMEOUT_MS,
    maxConcurrency: config.SEARCH_MAX_CONCURRENCY,
  });
  logger.info(
    { searchHost: backend.host, backend: backend.name, maxConcurrency: config.SEARCH_MAX_CONCURRENCY },
    'search backend configured',
  );
  return backend;
}
