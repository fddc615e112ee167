/** The two messages of one model call. */
export interface PromptMessages {
  system: string;
  user: string;
}

/**
 * Version of every prompt in this folder, part of each cache key: change it whenever a prompt's wording changes,
 * so answers to the old wording are not served for the new one.
 */
export const PROMPT_VERSION = 'extract-2026-11-24.1';
