import { createRequire } from 'node:module';
import type { PromptMessages } from './prompts/prompt-messages';

type TokenCounter = (text: string) => number;

const loadModule = createRequire(__filename);
let o200k: TokenCounter | undefined;

/**
 * Tokens of a text with OpenAI's o200k encoding. Open models' tokenizers count a few percent more or less on
 * prose, which the budgets leave room for.
 */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  // Loaded on first use: the encoding's tables weigh about 70 MB, which a process that only checks schemas (the
  // api-gateway) should not carry.
  o200k ??= (loadModule('gpt-tokenizer/cjs/encoding/o200k_base') as { countTokens: TokenCounter }).countTokens;
  return o200k(text);
}

/**
 * Whether a text is within a token budget. Byte-level BPE never makes more tokens than the text has UTF-8 bytes, so a
 * text whose bytes fit is not encoded at all (encoding a 6 KB page costs about half a millisecond).
 */
export function fitsInTokens(text: string, budgetTokens: number): boolean {
  return Buffer.byteLength(text, 'utf8') <= budgetTokens || countTokens(text) <= budgetTokens;
}

/** Texts remembered by {@link countRecurringTokens}; a larger text is counted every time. */
const RECURRING_TEXTS = 256;
const RECURRING_TEXT_MAX_CHARS = 32_768;
const recurringCounts = new Map<string, number>();

/** Tokens of a text that comes back call after call (a system prompt, a caller's schema): counted once, then remembered. */
export function countRecurringTokens(text: string): number {
  const known = recurringCounts.get(text);
  if (known !== undefined) return known;
  const tokens = countTokens(text);
  if (text.length <= RECURRING_TEXT_MAX_CHARS) {
    if (recurringCounts.size >= RECURRING_TEXTS) recurringCounts.delete(recurringCounts.keys().next().value ?? '');
    recurringCounts.set(text, tokens);
  }
  return tokens;
}

/** Tokens of a prompt's two messages; the system message is the same for every call of a task, so it is remembered. */
export function messageTokens(messages: PromptMessages): number {
  return countRecurringTokens(messages.system) + countTokens(messages.user);
}
