import { ErrorCode } from '@wh/contracts';
import {
  type AnswerPlan,
  chunkMarkdown,
  compileUserSchema,
  countRecurringTokens,
  messageTokens,
  extractionMessages,
  GENERATED_SCHEMA_ANSWER,
  InvalidSchemaError,
  mergeExtractions,
  parseJsonAnswer,
  partialSchema,
  planAnswer,
  readAnswer,
  schemaGenerationMessages,
  trimToTokens,
  type UserSchema,
} from '@wh/extraction';
import { DomainError } from '@wh/platform/errors';
import { hashOf } from '../cache/answer-cache';
import type { ExtractionContext, ExtractionSettings } from './extraction-context';
import type { EarlyCacheRead, ModelAsker } from './model-asker';
import { chunkedPageWarning, pageBudget } from './page-budget';

/** Tokens of the page shown to the model when it designs a schema from a prompt. */
const SCHEMA_SAMPLE_TOKENS = 3_000;

export interface JsonFormat {
  markdown: string;
  schema?: Record<string, unknown>;
  prompt?: string;
}

/**
 * The `json` format with a model: the caller's schema (or one the model designs from the prompt first), the page in
 * chunks that fit the context, each answered and read against the schema (one repair round), the parts merged.
 */
export class LlmJsonExtractor {
  constructor(
    private readonly asker: ModelAsker,
    private readonly settings: ExtractionSettings,
  ) {}

  async extract(format: JsonFormat, context: ExtractionContext): Promise<unknown> {
    const schema = format.schema
      ? compileCallerSchema(format.schema)
      : await this.designSchema(format.prompt ?? '', format.markdown, context);
    // Most pages fit one call, whose cache key is known now: its read runs while the page is counted and chunked.
    const wholePageHash = hashOf({ schema: schema.schema, prompt: format.prompt ?? null });
    const early = this.asker.readEarly('extract', wholePageHash, format.markdown.trim(), context);
    // One turn of the event loop lets the read's query reach Postgres before the synchronous counting below runs.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const overhead = extractionMessages({
      url: context.url,
      content: '',
      prompt: format.prompt,
      part: { index: 0, count: 2 },
    });
    const schemaTokens = countRecurringTokens(JSON.stringify(planAnswer(schema.schema).schema));
    const budget = pageBudget(this.settings, messageTokens(overhead) + schemaTokens);
    const chunks = chunkMarkdown(format.markdown, budget);
    if (chunks.length === 0) chunks.push('');
    const read = chunks.slice(0, this.settings.maxChunks);
    if (chunks.length > 1) context.warnings.push(chunkedPageWarning(chunks.length, read.length, this.settings));

    // A part of a long page may lack a required field that another part has: parts answer the schema with nothing
    // required, and the merged value answers the caller's schema.
    const partSchema = read.length > 1 ? compileUserSchema(partialSchema(schema.schema)) : schema;
    const plan = planAnswer(partSchema.schema);
    const schemaHash = hashOf({ schema: partSchema.schema, prompt: format.prompt ?? null });
    const answers = await Promise.all(
      read.map((content, index) =>
        this.extractPart(
          content,
          read.length > 1 ? { index, count: read.length } : undefined,
          format.prompt,
          partSchema,
          plan,
          schemaHash,
          context,
          early,
        ),
      ),
    );
    if (answers.length === 1) return answers[0];
    const merged = mergeExtractions(answers);
    const problems = schema.problems(merged);
    if (problems.length > 0) {
      throw new DomainError(
        ErrorCode.LlmOutputInvalid,
        `the parts of the page merged into a value the schema rejects: ${problems.slice(0, 3).join('; ')}`,
        {
          task: 'merge',
          problems,
        },
      );
    }
    return merged;
  }

  private extractPart(
    content: string,
    part: { index: number; count: number } | undefined,
    prompt: string | undefined,
    schema: UserSchema,
    plan: AnswerPlan,
    schemaHash: string,
    context: ExtractionContext,
    early: EarlyCacheRead,
  ): Promise<unknown> {
    return this.asker.ask(
      {
        task: part ? 'extract-part' : 'extract',
        schemaHash,
        content,
        messages: extractionMessages({ url: context.url, content, prompt, part }),
        schema: { name: 'extraction', schema: plan.schema, strict: plan.strict },
        maxOutputTokens: this.settings.maxOutputTokens,
        read: (text) => readAnswer(text, plan, schema),
        revive: (answer) => (schema.problems(answer).length === 0 ? answer : undefined),
      },
      context,
      early,
    );
  }

  /** A prompt without a schema: the model designs the schema from the prompt and the start of the page (or pages). */
  async designSchema(prompt: string, markdown: string, context: ExtractionContext): Promise<UserSchema> {
    if (!prompt.trim()) throw new DomainError(ErrorCode.BadRequest, 'formats.json needs a schema or a prompt');
    const overhead = schemaGenerationMessages({ url: context.url, prompt, content: '' });
    const budget = Math.min(SCHEMA_SAMPLE_TOKENS, pageBudget(this.settings, messageTokens(overhead) + 64));
    const { text: sample } = trimToTokens(markdown, budget);
    const designed = await this.asker.ask<Record<string, unknown>>(
      {
        task: 'schema',
        schemaHash: hashOf({ prompt }),
        content: sample,
        messages: schemaGenerationMessages({ url: context.url, prompt, content: sample }),
        schema: { name: 'json_schema', schema: GENERATED_SCHEMA_ANSWER, strict: false },
        maxOutputTokens: this.settings.maxOutputTokens,
        read: (text) => {
          const parsed = parseJsonAnswer(text);
          if (!parsed.ok) return { ok: false, problems: [parsed.problem] };
          const problems = generatedSchemaProblems(parsed.value);
          return problems.length === 0
            ? { ok: true, value: parsed.value as Record<string, unknown> }
            : { ok: false, problems };
        },
        revive: (answer) =>
          generatedSchemaProblems(answer).length === 0 ? (answer as Record<string, unknown>) : undefined,
      },
      context,
    );
    return compileUserSchema(designed);
  }
}

/** The caller's schema, or a 400 listing what is wrong with it. */
export function compileCallerSchema(schema: Record<string, unknown>): UserSchema {
  try {
    return compileUserSchema(schema);
  } catch (error) {
    if (error instanceof InvalidSchemaError) {
      throw new DomainError(
        ErrorCode.BadRequest,
        `formats.json.schema is not a usable JSON schema: ${error.problems.slice(0, 3).join('; ')}`,
        {
          problems: error.problems,
        },
      );
    }
    throw error;
  }
}

/** Why a schema the model designed cannot be used; empty when it can. */
function generatedSchemaProblems(value: unknown): string[] {
  try {
    const type = compileUserSchema(value).schema.type;
    return type === 'object' || (Array.isArray(type) && type.includes('object'))
      ? []
      : ['the schema must have "type": "object" at the top'];
  } catch (error) {
    return error instanceof InvalidSchemaError ? error.problems : [String(error)];
  }
}
