import type { ExtractionSettings } from './extraction-context';

/** Share of the computed room actually filled: other models' tokenizers count a few percent more than ours. */
const TOKENIZER_MARGIN = 0.9;
/** Below this, a page would be cut into too many scraps to be worth reading. */
const MIN_PAGE_TOKENS = 256;

/** Tokens of page that fit one call beside its prompt (`overheadTokens`) and the answer. */
export function pageBudget(settings: ExtractionSettings, overheadTokens: number): number {
  const room = Math.floor((settings.contextTokens - settings.maxOutputTokens - overheadTokens) * TOKENIZER_MARGIN);
  return Math.max(MIN_PAGE_TOKENS, room);
}

/** The warning of a page read in parts, or only partly. */
export function chunkedPageWarning(total: number, read: number, settings: ExtractionSettings): string {
  const split = `the page was longer than the model's context (LLM_CONTEXT_TOKENS=${settings.contextTokens}) and was read in ${total} parts`;
  return read < total
    ? `${split}, of which only the first ${read} were read (LLM_MAX_CHUNKS=${settings.maxChunks}); the rest of the page is left out`
    : `${split}, their answers merged`;
}
