import type { PromptMessages } from './prompt-messages';
import { fenceUntrusted, untrustedRule } from './untrusted-fence';

export interface ExtractionPromptInput {
  url: string;
  /** The page's markdown (or one part of it). */
  content: string;
  /** What the caller asked for, in their words (trusted: it comes from the API key holder). */
  prompt?: string;
  /** Present when the page comes in parts. */
  part?: { index: number; count: number };
}

/** Messages asking for the schema's fields from one page, or one part of it. */
export function extractionMessages(input: ExtractionPromptInput): PromptMessages {
  const page = fenceUntrusted('PAGE', input.content);
  const system = [
    'You extract structured data from one web page for a program that reads your answer as JSON.',
    untrustedRule(page, 'The page (as markdown)'),
    'Take values only from the page. Use null for a field the page does not give, and an empty list for a list it',
    'does not have; never invent values. Write numbers as JSON numbers (1299.99, not "$1,299.99") and dates as ISO',
    '8601 unless the schema asks otherwise.',
    input.part
      ? `The page is long and comes in ${input.part.count} parts; this is part ${input.part.index + 1}. Fill what this part gives; the parts are merged afterwards.`
      : '',
  ]
    .filter(Boolean)
    .join('\n');
  const task = input.prompt
    ? `What to extract, as the person asking put it:\n${input.prompt}`
    : 'Extract the data that the JSON schema describes.';
  return { system, user: `Page URL: ${input.url}\n${task}\n\n${page.block}` };
}

/** The answer schema of {@link schemaGenerationMessages}: any JSON object (the schema is checked after). */
export const GENERATED_SCHEMA_ANSWER = {
  type: 'object',
  description: 'A JSON schema (draft 2020-12) with "type": "object" at the top.',
};

/** Messages asking for a JSON schema that fits a caller's prompt, from the start of the page. */
export function schemaGenerationMessages(input: { url: string; prompt: string; content: string }): PromptMessages {
  const page = fenceUntrusted('PAGE', input.content);
  const system = [
    'You design the JSON schema of the data a person wants from a web page; another step fills it from the page.',
    untrustedRule(page, 'The start of the page (as markdown)'),
    'Answer with one JSON schema: "type": "object" at the top, "properties" with a type and a short "description"',
    'each, arrays ("type": "array" with "items") for repeated things, only the types string, number, integer,',
    'boolean, array and object, no "$ref", at most 30 properties in all, names in camelCase. Design it from the',
    "person's request; use the page only to see what it holds.",
  ].join('\n');
  return { system, user: `Page URL: ${input.url}\nThe person's request:\n${input.prompt}\n\n${page.block}` };
}

/** The previous call again, with the model's rejected answer and why it was rejected, for one repair round. */
export function repairMessages(original: PromptMessages, answer: string, problems: readonly string[]): PromptMessages {
  const previous = fenceUntrusted('ANSWER', answer);
  const listed = problems
    .slice(0, 20)
    .map((problem) => `- ${problem}`)
    .join('\n');
  return {
    system: original.system,
    user: [
      original.user,
      '',
      `Your previous answer is between ${previous.open} and ${previous.close}; it was rejected:`,
      listed,
      previous.block,
      'Answer again with the corrected JSON only.',
    ].join('\n'),
  };
}
