import { countTokens as countO200k } from 'gpt-tokenizer/cjs/encoding/o200k_base';

/**
 * Tokens of a text with OpenAI's o200k encoding. Open models' tokenizers count a few percent more or less on
 * prose, which the budgets leave room for.
 */
export function countTokens(text: string): number {
  return text.length === 0 ? 0 : countO200k(text);
}
