import { ErrorCode, type ExtractionUsage } from '@wh/contracts';
import type { LlmCompletion } from '@wh/llm';
import { DomainError } from '@wh/platform/errors';

/** Tokens and calls spent on one request. */
export class UsageMeter {
  private promptTokens = 0;
  private completionTokens = 0;
  private calls = 0;

  add(completion: LlmCompletion): void {
    this.promptTokens += completion.usage.promptTokens;
    this.completionTokens += completion.usage.completionTokens;
    this.calls += 1;
  }

  get usage(): ExtractionUsage {
    return { promptTokens: this.promptTokens, completionTokens: this.completionTokens, calls: this.calls };
  }
}

/** What every step of one request shares: the page, the time left, the meter and the warnings to send back. */
export interface ExtractionContext {
  url: string;
  deadlineAt: number;
  signal: AbortSignal;
  zeroDataRetention: boolean;
  meter: UsageMeter;
  warnings: string[];
}

/**
 * The context of one request for `url`, whose model calls give up at `deadlineAt`; a deadline already passed is
 * `LLM_TIMEOUT` before anything is asked (`what` names the work, for the message).
 */
export function openContext(
  request: { url: string; deadlineAt: number; zeroDataRetention: boolean },
  what: string,
): ExtractionContext {
  const left = request.deadlineAt - Date.now();
  if (left <= 0) throw new DomainError(ErrorCode.LlmTimeout, `the deadline passed before ${what} started`);
  return {
    url: request.url,
    deadlineAt: request.deadlineAt,
    signal: AbortSignal.timeout(left),
    zeroDataRetention: request.zeroDataRetention,
    meter: new UsageMeter(),
    warnings: [],
  };
}

/** The limits of the configured model. */
export interface ExtractionSettings {
  contextTokens: number;
  maxOutputTokens: number;
  maxChunks: number;
}
