import { ErrorCode, type ExtractionUsage } from '@wh/contracts';
import {
  countRecurringTokens,
  countTokens,
  messageTokens,
  describeDeterministicExtraction,
  extractionMessages,
  extractWithoutLlm,
  type JsonSchema,
  mergeExtractions,
  partialSchema,
  planAnswer,
  type UserSchema,
} from '@wh/extraction';
import type { LlmProvider } from '@wh/llm';
import { DomainError } from '@wh/platform/errors';
import type { AnswerCache } from '../cache/answer-cache';
import { type ExtractionContext, type ExtractionSettings, UsageMeter } from '../extraction/extraction-context';
import { compileCallerSchema, LlmJsonExtractor } from '../extraction/llm-json-extractor';
import { ModelAsker } from '../extraction/model-asker';
import { pageBudget } from '../extraction/page-budget';
import { answerShape } from './answer-shape';
import { type SourcedAnswer, valueSources } from './value-sources';

/** A page the job read. */
export interface JobPage {
  url: string;
  markdown: string;
  html?: string;
}

/** What the job asks of its pages. */
export interface JobQuestion {
  prompt?: string;
  schema?: JsonSchema;
  systemPrompt?: string;
}

export interface JobAnswer {
  data: unknown;
  /** Which URLs each top-level value (and each item of a list) came from. */
  sources: Record<string, string[]>;
  warnings: string[];
  usage: ExtractionUsage;
  /** False when the deterministic extractor answered (no model configured). */
  usedModel: boolean;
}

/**
 * One answer from all of a job's pages. A "list every X" schema is asked of each page on its own and the lists are
 * joined without repeats; any other is asked of the pages packed together into as few calls as the model's context
 * holds, the parts' answers merged (the first value found wins). Without a model, the deterministic extractor reads
 * each page and the answers are merged the same way.
 */
export class JobExtractor {
  private readonly llm?: LlmJsonExtractor;

  constructor(
    provider: LlmProvider | null | undefined,
    cache: AnswerCache,
    private readonly settings: ExtractionSettings,
  ) {
    if (provider) this.llm = new LlmJsonExtractor(new ModelAsker(provider, cache), settings);
  }

  get hasModel(): boolean {
    return this.llm !== undefined;
  }

  async extract(question: JobQuestion, pages: readonly JobPage[], deadlineAt: number): Promise<JobAnswer> {
    const meter = new UsageMeter();
    const warnings: string[] = [];
    const signal = AbortSignal.timeout(Math.max(1, deadlineAt - Date.now()));
    const contextFor = (urls: string[]): ExtractionContext => ({
      url: urls.join(' '),
      deadlineAt,
      signal,
      zeroDataRetention: false,
      meter,
      warnings,
    });
    const { value, parts } = this.llm
      ? await this.withModel(this.llm, question, pages, contextFor)
      : this.withoutModel(question, pages, warnings);
    return {
      data: value,
      sources: valueSources(value, parts),
      warnings,
      usage: meter.usage,
      usedModel: this.llm !== undefined,
    };
  }

  private async withModel(
    llm: LlmJsonExtractor,
    question: JobQuestion,
    pages: readonly JobPage[],
    contextFor: (urls: string[]) => ExtractionContext,
  ): Promise<{ value: unknown; parts: SourcedAnswer[] }> {
    // The caller's system prompt joins their request, below the platform's own rules about fenced page text.
    const prompt = [question.systemPrompt, question.prompt].filter((text) => text?.trim()).join('\n\n') || undefined;
    const schema = question.schema
      ? compileCallerSchema(question.schema)
      : await llm.designSchema(
          prompt ?? '',
          pages.map((page) => page.markdown).join('\n\n'),
          contextFor(pages.map((page) => page.url)),
        );
    const groups =
      answerShape(schema.schema).kind === 'list'
        ? pages.map((page) => [page])
        : this.packed(pages, schema.schema, prompt);
    const partSchema = groups.length > 1 ? partialSchema(schema.schema) : schema.schema;
    const parts = await Promise.all(
      groups.map(async (group): Promise<SourcedAnswer> => {
        const urls = group.map((page) => page.url);
        const value = await llm.extract({ markdown: joinPages(group), schema: partSchema, prompt }, contextFor(urls));
        return { value, urls };
      }),
    );
    return { value: mergedAnswer(parts, schema), parts };
  }

  private withoutModel(
    question: JobQuestion,
    pages: readonly JobPage[],
    warnings: string[],
  ): { value: unknown; parts: SourcedAnswer[] } {
    if (!question.schema) throw new DomainError(ErrorCode.LlmNotConfigured, 'an extract without a schema needs an LLM');
    const schema = compileCallerSchema(question.schema);
    const results = pages.map((page) => ({
      url: page.url,
      result: extractWithoutLlm({ url: page.url, markdown: page.markdown, html: page.html, schema }),
    }));
    warnings.push(
      results.length === 1
        ? describeDeterministicExtraction(results[0].result)
        : `extracted without an LLM from ${results.length} pages: ${results
            .map(
              ({ url, result }) =>
                `${url}: ${describeDeterministicExtraction(result).replace(/^extracted without an LLM: /, '')}`,
            )
            .join(' | ')}`,
    );
    const parts = results.map(({ url, result }) => ({ value: result.value, urls: [url] }));
    return { value: mergeExtractions(parts.map((part) => part.value)), parts };
  }

  /**
   * The pages in order, packed into groups that fit one call beside the prompt and schema. A page longer than that
   * is a group of its own, which the extractor reads in chunks.
   */
  private packed(pages: readonly JobPage[], schema: JsonSchema, prompt: string | undefined): JobPage[][] {
    const overhead = extractionMessages({ url: '', content: '', prompt, part: { index: 0, count: 2 } });
    const budget = pageBudget(
      this.settings,
      messageTokens(overhead) + countRecurringTokens(JSON.stringify(planAnswer(schema).schema)),
    );
    const groups: JobPage[][] = [];
    let current: JobPage[] = [];
    let used = 0;
    for (const page of pages) {
      const tokens = countTokens(joinPages([page]));
      if (current.length > 0 && used + tokens > budget) {
        groups.push(current);
        current = [];
        used = 0;
      }
      current.push(page);
      used += tokens;
    }
    if (current.length > 0) groups.push(current);
    return groups;
  }
}

/** Pages as one markdown text, each under a heading naming its URL, so the model (and chunking) can tell them apart. */
function joinPages(pages: readonly JobPage[]): string {
  return pages.length === 1
    ? pages[0].markdown
    : pages.map((page) => `# Page: ${page.url}\n\n${page.markdown}`).join('\n\n');
}

/** The parts merged; with more than one, the whole is checked against the caller's schema the parts relaxed. */
function mergedAnswer(parts: readonly SourcedAnswer[], schema: UserSchema): unknown {
  if (parts.length === 1) return parts[0].value;
  const merged = mergeExtractions(parts.map((part) => part.value));
  const problems = schema.problems(merged);
  if (problems.length > 0) {
    throw new DomainError(
      ErrorCode.LlmOutputInvalid,
      `the pages' answers merged into a value the schema rejects: ${problems.slice(0, 3).join('; ')}`,
      { task: 'merge', problems },
    );
  }
  return merged;
}
