import {
  type CrawlOptionsFromPromptReply,
  type CrawlOptionsFromPromptRequest,
  ErrorCode,
  type GeneratedCrawlOptions,
} from '@wh/contracts';
import type { LlmProvider } from '@wh/llm';
import { DomainError } from '@wh/platform/errors';
import { type AnswerCache, hashOf } from '../cache/answer-cache';
import { LLM_SETTINGS_HINT } from '../extraction/extract-page.service';
import { openContext } from '../extraction/extraction-context';
import { ModelAsker } from '../extraction/model-asker';
import {
  CRAWL_OPTIONS_PLAN,
  keepUsableOptions,
  readGeneratedOptions,
  reviveGeneratedOptions,
} from './generated-options';
import { CRAWL_PROMPT_VERSION, crawlPromptMessages } from './crawl-prompt.messages';

/** Room for the options' answer: a few dozen patterns at most. */
const OPTIONS_OUTPUT_TOKENS = 1_024;

/**
 * Turns a crawl's natural-language prompt into crawl options: the model answers against the options' JSON schema
 * (one repair round, also for path patterns that do not compile), and the answer is kept only as far as a caller
 * could have sent it. Without a model the prompt is refused, naming the settings that give one.
 */
export class CrawlPromptService {
  private readonly asker?: ModelAsker;

  constructor(
    provider: LlmProvider | null | undefined,
    cache: AnswerCache,
    private readonly maxOutputTokens: number,
  ) {
    if (provider) this.asker = new ModelAsker(provider, cache);
  }

  async generate(request: CrawlOptionsFromPromptRequest): Promise<CrawlOptionsFromPromptReply> {
    if (!this.asker) {
      throw new DomainError(
        ErrorCode.LlmNotConfigured,
        `a crawl prompt needs an LLM to turn it into crawl options, and this deployment has none: give the options themselves (includePaths, excludePaths, maxDiscoveryDepth, ...) or ${LLM_SETTINGS_HINT}`,
        { settings: ['LLM_BASE_URL', 'LLM_MODEL', 'LLM_API_KEY'] },
      );
    }
    const context = openContext(request, 'reading the crawl prompt');
    let readings = 0;
    const answer = await this.asker.ask<GeneratedCrawlOptions>(
      {
        task: 'crawl-options',
        schemaHash: hashOf({ version: CRAWL_PROMPT_VERSION, schema: CRAWL_OPTIONS_PLAN.schema }),
        content: `${request.url}\n${request.prompt}`,
        messages: crawlPromptMessages(request),
        schema: { name: 'crawl_options', schema: CRAWL_OPTIONS_PLAN.schema, strict: CRAWL_OPTIONS_PLAN.strict },
        maxOutputTokens: Math.min(this.maxOutputTokens, OPTIONS_OUTPUT_TOKENS),
        // The first answer is sent back when a pattern does not compile; the repaired one is taken as it is.
        read: (text) => readGeneratedOptions(text, (readings += 1) === 1),
        revive: reviveGeneratedOptions,
      },
      context,
    );
    const { options, warnings } = keepUsableOptions(answer);
    if (Object.keys(options).length === 0) {
      warnings.push('the prompt did not call for any crawl option, so the defaults apply');
    }
    const reply: CrawlOptionsFromPromptReply = {
      options,
      usage: context.meter.usage,
      model: this.asker.model,
    };
    if (warnings.length > 0) reply.warning = warnings.join('; ');
    return reply;
  }
}
