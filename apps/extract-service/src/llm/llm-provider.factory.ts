import { type LlmProvider, OpenAiCompatibleProvider } from '@wh/llm';
import type { Logger } from '@wh/platform/logging';
import type { ExtractServiceConfig } from '../extract-service.config';
import { LLM_SETTINGS_HINT } from '../extraction/extract-page.service';

/**
 * The configured model's provider, or null without one (Nest providers are values); says once at boot which it is, so that an operator
 * who expected a model sees at once that there is none and how to name one.
 */
export function createLlmProvider(
  config: ExtractServiceConfig,
  logger: Pick<Logger, 'info' | 'warn'>,
): LlmProvider | null {
  const llm = config.llm;
  if (!llm) {
    logger.warn(
      `no LLM configured: formats.json runs the deterministic extractor (the page's JSON-LD, microdata, meta tags and tables), summary uses the page's description, and a prompt without a schema is refused; to use a model, ${LLM_SETTINGS_HINT}`,
    );
    return null;
  }
  logger.info(
    {
      llmHost: new URL(llm.baseUrl).host,
      model: llm.model,
      contextTokens: config.LLM_CONTEXT_TOKENS,
      maxConcurrency: config.LLM_MAX_CONCURRENCY,
    },
    'LLM configured',
  );
  return new OpenAiCompatibleProvider({
    baseUrl: llm.baseUrl,
    apiKey: llm.apiKey,
    model: llm.model,
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxConcurrency: config.LLM_MAX_CONCURRENCY,
  });
}
