import { ErrorCode, type ExtractPageReply, type ExtractPageRequest } from '@wh/contracts';
import { describeDeterministicExtraction, extractWithoutLlm, summarizeWithoutLlm } from '@wh/extraction';
import type { LlmProvider } from '@wh/llm';
import { DomainError } from '@wh/platform/errors';
import type { AnswerCache } from '../cache/answer-cache';
import { type ExtractionContext, type ExtractionSettings, openContext } from './extraction-context';
import { compileCallerSchema, LlmJsonExtractor } from './llm-json-extractor';
import { LlmSummarizer } from './llm-summarizer';
import { ModelAsker } from './model-asker';

/** Names of the settings that give the service a model, for the messages that ask for one. */
export const LLM_SETTINGS_HINT =
  'set LLM_BASE_URL and LLM_MODEL (or OPENAI_BASE_URL/OPENAI_API_KEY/MODEL_NAME), e.g. LLM_BASE_URL=http://localhost:11434/v1 LLM_MODEL=qwen2.5:7b for Ollama';

/**
 * The `json` and `summary` formats of one page. With a model they are asked of it; without one, `json` is filled
 * from the page's structured data and `summary` made of its description and lead paragraphs, and the reply says so.
 */
export class ExtractPageService {
  private readonly json?: LlmJsonExtractor;
  private readonly summarizer?: LlmSummarizer;

  constructor(
    private readonly provider: LlmProvider | null | undefined,
    cache: AnswerCache,
    settings: ExtractionSettings,
  ) {
    if (provider) {
      const asker = new ModelAsker(provider, cache);
      this.json = new LlmJsonExtractor(asker, settings);
      this.summarizer = new LlmSummarizer(asker, settings);
    }
  }

  async run(request: ExtractPageRequest): Promise<ExtractPageReply> {
    const { json, summary } = request.formats;
    if (!json && !summary)
      throw new DomainError(ErrorCode.BadRequest, 'nothing to extract: ask for formats.json or formats.summary');
    if (json && !json.schema && !json.prompt?.trim())
      throw new DomainError(ErrorCode.BadRequest, 'formats.json needs a schema or a prompt');
    const context = openContext(request, 'extraction');
    const [jsonValue, summaryText] = await Promise.all([
      json ? this.extractJson(request, json, context) : undefined,
      summary ? this.summarize(request, context) : undefined,
    ]);
    const reply: ExtractPageReply = { usage: context.meter.usage };
    if (json) reply.json = jsonValue;
    if (summary) reply.summary = summaryText;
    if (context.warnings.length > 0) reply.warning = context.warnings.join('; ');
    if (this.provider) reply.model = this.provider.model;
    return reply;
  }

  private async extractJson(
    request: ExtractPageRequest,
    json: NonNullable<ExtractPageRequest['formats']['json']>,
    context: ExtractionContext,
  ): Promise<unknown> {
    if (this.json)
      return this.json.extract({ markdown: request.markdown, schema: json.schema, prompt: json.prompt }, context);
    if (!json.schema) {
      throw new DomainError(
        ErrorCode.LlmNotConfigured,
        `formats.json with only a prompt needs an LLM, and this deployment has none: ${LLM_SETTINGS_HINT}`,
        {
          settings: ['LLM_BASE_URL', 'LLM_MODEL', 'LLM_API_KEY'],
        },
      );
    }
    const result = extractWithoutLlm({
      url: request.url,
      markdown: request.markdown,
      html: request.html,
      schema: compileCallerSchema(json.schema),
    });
    context.warnings.push(describeDeterministicExtraction(result));
    return result.value;
  }

  private async summarize(request: ExtractPageRequest, context: ExtractionContext): Promise<string> {
    if (this.summarizer) return this.summarizer.summarize(request.markdown, context);
    context.warnings.push("summarized without an LLM: the page's description and first paragraphs");
    return summarizeWithoutLlm({ markdown: request.markdown, html: request.html });
  }
}
