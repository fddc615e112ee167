import type { ExtractionUsage } from '@wh/contracts';
import type { LlmCompletion } from '@wh/llm';

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

/** The limits of the configured model. */
export interface ExtractionSettings {
  contextTokens: number;
  maxOutputTokens: number;
  maxChunks: number;
}
