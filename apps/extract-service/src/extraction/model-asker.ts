import { ErrorCode } from '@wh/contracts';
import { PROMPT_VERSION, type PromptMessages, repairMessages } from '@wh/extraction';
import type { LlmOutputSchema, LlmProvider } from '@wh/llm';
import { DomainError } from '@wh/platform/errors';
import { type AnswerCache, hashOf } from '../cache/answer-cache';
import type { AnswerKeyParts, StoredAnswer } from '../cache/llm-answer-cache.repository';
import type { ExtractionContext } from './extraction-context';

export type Reading<T> = { ok: true; value: T } | { ok: false; problems: string[] };

export interface Question<T> {
  /** What is asked (`extract`, `schema`, `summary`...), part of the cache key. */
  task: string;
  /** Hash of everything besides the content that changes the answer (schema, the caller's prompt). */
  schemaHash: string;
  /** The text the answer is about; hashed into the cache key. */
  content: string;
  messages: PromptMessages;
  schema?: LlmOutputSchema;
  maxOutputTokens: number;
  /** Reads the model's text as the wanted value, or says what is wrong with it. */
  read(text: string): Reading<T>;
  /** Reads a cached answer back; undefined when it no longer fits (then the model is asked). */
  revive(answer: unknown): T | undefined;
}

/** A cache read started before its question was built, so the Postgres round trip overlaps building it. */
export interface EarlyCacheRead {
  task: string;
  schemaHash: string;
  content: string;
  read: Promise<StoredAnswer | undefined>;
}

/** Text of a rejected answer kept in an error's details, for whoever debugs the prompt. */
const ANSWER_EXCERPT_CHARS = 2_000;

/**
 * One question to the model: answered from the cache when it was asked before, else asked, read, and asked once
 * more with the problems listed when the first answer does not fit; a second misfit is `LLM_OUTPUT_INVALID`.
 */
export class ModelAsker {
  constructor(
    private readonly provider: LlmProvider,
    private readonly cache: AnswerCache,
  ) {}

  get model(): string {
    return this.provider.model;
  }

  /** Starts the cache read of a question whose task, schema hash and content are known before its prompt is. */
  readEarly(task: string, schemaHash: string, content: string, context: ExtractionContext): EarlyCacheRead {
    const read = this.cache.get(this.keyOf(task, schemaHash, content), context.zeroDataRetention);
    return { task, schemaHash, content, read };
  }

  /** Asks `question`; `early` is used when it was started for this very question, and ignored otherwise. */
  async ask<T>(question: Question<T>, context: ExtractionContext, early?: EarlyCacheRead): Promise<T> {
    const key = this.keyOf(question.task, question.schemaHash, question.content);
    const matchesEarly =
      early !== undefined &&
      early.task === question.task &&
      early.schemaHash === question.schemaHash &&
      early.content === question.content;
    const cached = await (matchesEarly ? early.read : this.cache.get(key, context.zeroDataRetention));
    const revived = cached && question.revive(cached.answer);
    if (revived !== undefined) return revived;

    const first = await this.complete(question, question.messages, context);
    let reading = question.read(first.text);
    let text = first.text;
    let usage: { promptTokens: number; completionTokens: number } = first.usage;
    if (!reading.ok) {
      const second = await this.complete(
        question,
        repairMessages(question.messages, first.text, reading.problems),
        context,
      );
      reading = question.read(second.text);
      text = second.text;
      usage = {
        promptTokens: usage.promptTokens + second.usage.promptTokens,
        completionTokens: usage.completionTokens + second.usage.completionTokens,
      };
      if (!reading.ok) {
        const problems =
          second.finishReason === 'length'
            ? [...reading.problems, `the answer was cut at ${question.maxOutputTokens} tokens`]
            : reading.problems;
        throw new DomainError(
          ErrorCode.LlmOutputInvalid,
          `the model's answer did not fit after a repair round (${question.task}): ${problems.slice(0, 3).join('; ')}`,
          {
            task: question.task,
            problems,
            // Under zero data retention nothing derived from the page leaves in an error.
            ...(context.zeroDataRetention ? {} : { answer: text.slice(0, ANSWER_EXCERPT_CHARS) }),
          },
        );
      }
    }
    this.cache.putInBackground(
      key,
      { answer: reading.value, promptTokens: usage.promptTokens, completionTokens: usage.completionTokens },
      context.zeroDataRetention,
    );
    return reading.value;
  }

  private keyOf(task: string, schemaHash: string, content: string): AnswerKeyParts {
    return {
      model: this.provider.model,
      promptVersion: PROMPT_VERSION,
      task,
      schemaHash,
      contentHash: hashOf(content),
    };
  }

  private async complete<T>(question: Question<T>, messages: PromptMessages, context: ExtractionContext) {
    const completion = await this.provider.complete({
      system: messages.system,
      user: messages.user,
      schema: question.schema,
      maxOutputTokens: question.maxOutputTokens,
      signal: context.signal,
      deadlineAt: context.deadlineAt,
    });
    context.meter.add(completion);
    return { text: completion.text, usage: completion.usage, finishReason: completion.finishReason };
  }
}
