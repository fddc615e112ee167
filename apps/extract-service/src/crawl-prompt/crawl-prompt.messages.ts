import type { PromptMessages } from '@wh/extraction';

/** Changes with the wording below, so that cached answers to older wording are not served. */
export const CRAWL_PROMPT_VERSION = 'crawl-options-2026-11-25.1';

/** Messages asking the model for the crawl options a person's description of a crawl means. */
export function crawlPromptMessages(input: { url: string; prompt: string }): PromptMessages {
  const system = [
    'You configure a web crawler. A person describes in their own words which pages of a site they want; you answer',
    'with the crawler options, as one JSON object that fits the JSON schema you are given.',
    'Set only the options the description calls for and leave the others out (null), so they keep their defaults.',
    'Path patterns are JavaScript regular expressions tested against the URL path only (for example "/blog/2024/x",',
    'never the host): anchor them with "^", escape dots, and prefer a few broad patterns to many narrow ones.',
    'Write a limit only when the person names a number of pages, and a depth only when they speak of how far to go.',
  ].join('\n');
  const user = `Start URL: ${input.url}\nThe crawl the person wants, in their words:\n${input.prompt}`;
  return { system, user };
}
