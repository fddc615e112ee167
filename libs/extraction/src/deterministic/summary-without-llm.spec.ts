import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FALLBACK_SUMMARY_CHARS, summarizeWithoutLlm } from './summary-without-llm';

describe('summarizeWithoutLlm', () => {
  it("starts with the page's description and adds its lead prose, not its headings, lists or code", () => {
    const html = readFileSync(path.join(__dirname, '__fixtures__', 'article.html'), 'utf8');
    const markdown = [
      '# How rivers carve canyons',
      'By [Mara Lind](/authors/mara) · March 5, 2024',
      'Canyons look as if they were cut in an afternoon, but most took **millions** of years. A river wears down its bed grain by grain.',
      '- a list item that is not prose at all, even though it is long enough.',
      '```\ncode that is long enough to count as a paragraph of text.\n```',
      'Frost splits the walls, and the rock itself decides the shape: hard layers stand as cliffs.',
    ].join('\n\n');
    expect(summarizeWithoutLlm({ html, markdown })).toBe(
      'Rivers cut canyons over millions of years, helped by floods, frost and the rock they flow through. ' +
        'Canyons look as if they were cut in an afternoon, but most took millions of years. A river wears down its bed grain by grain. ' +
        'Frost splits the walls, and the rock itself decides the shape: hard layers stand as cliffs.',
    );
  });

  it('cuts a long page at a sentence end', () => {
    const markdown = Array.from(
      { length: 30 },
      (_, index) => `Sentence number ${index} of a long and rather wordy page.`,
    ).join(' ');
    const summary = summarizeWithoutLlm({ markdown });
    expect(summary.length).toBeLessThanOrEqual(FALLBACK_SUMMARY_CHARS);
    expect(summary.endsWith('page.')).toBe(true);
  });
});
