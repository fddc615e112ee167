/**
 * Tokens one credit buys, as Firecrawl bills extract since it moved extract onto credits ("each credit is worth 15
 * tokens"). The pages an extract reads are paid for by those tokens, not charged again as scrapes.
 */
export const TOKENS_PER_CREDIT = 15;

/**
 * The credits of a completed job: its model tokens at {@link TOKENS_PER_CREDIT}, rounded up. A job that ran without
 * a model used no tokens and pays for the pages it read instead, one credit each, as scraping them would cost.
 */
export function extractCredits(usage: { tokens: number; pagesRead: number; usedModel: boolean }): number {
  return usage.usedModel ? Math.ceil(usage.tokens / TOKENS_PER_CREDIT) : usage.pagesRead;
}
