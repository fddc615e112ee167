import { countTokens as countO200k } from 'gpt-tokenizer/cjs/encoding/o200k_base';

/**
 * Tokens of a text with OpenAI's o200k encoding. Other models' tokenizers differ by a few percent on prose, so
 * budgets built on it keep a margin; usage estimated with it says `estimated: true`.
 */
export function countTokens(text: string): number {
  return text.length === 0 ? 0 : countO200k(text);
}
