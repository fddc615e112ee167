import type { PromptMessages } from './prompt-messages';
import { fenceUntrusted, untrustedRule } from './untrusted-fence';

/** Words a summary aims at. */
export const SUMMARY_WORDS = 120;

/** Messages asking for the summary of a page, or of one part of a long page (the map step). */
export function summaryMessages(input: {
  url: string;
  content: string;
  part?: { index: number; count: number };
}): PromptMessages {
  const page = fenceUntrusted('PAGE', input.content);
  const scope = input.part
    ? `This is part ${input.part.index + 1} of ${input.part.count} of a long page: summarize this part in at most ${Math.ceil(SUMMARY_WORDS / 2)} words.`
    : `Summarize the page in at most ${SUMMARY_WORDS} words.`;
  const system = [
    'You summarize web pages for a reader who has not seen them.',
    untrustedRule(page, 'The page (as markdown)'),
    scope,
    "Write plain prose in the page's language: what the page is and its main points, no preamble, no markdown.",
  ].join('\n');
  return { system, user: `Page URL: ${input.url}\n\n${page.block}` };
}

/** Messages joining the summaries of a long page's parts into one (the reduce step). */
export function summaryReduceMessages(input: { url: string; partials: readonly string[] }): PromptMessages {
  const joined = input.partials.map((partial, index) => `Part ${index + 1}: ${partial}`).join('\n\n');
  const fenced = fenceUntrusted('SUMMARIES', joined);
  const system = [
    'You join the summaries of the parts of one long web page into a single summary.',
    untrustedRule(fenced, 'The summaries of the parts'),
    `Write at most ${SUMMARY_WORDS} words of plain prose in the page's language, no preamble, no markdown.`,
  ].join('\n');
  return { system, user: `Page URL: ${input.url}\n\n${fenced.block}` };
}
