import { countTokens } from '../tokens';
import { chunkMarkdown, trimToTokens } from './chunk-markdown';

/** A long documentation page: sections with headings, prose, lists, a table and code. */
function longPage(targetChars: number): string {
  const sections: string[] = [];
  for (let index = 0; sections.join('\n\n').length < targetChars; index += 1) {
    sections.push(
      [
        `## Section ${index}: configuring part ${index}`,
        `Part ${index} reads its settings at start. `.repeat(12).trim(),
        `- option-${index}-a: turns the first thing on\n- option-${index}-b: turns the second thing off`,
        `| setting | default |\n|---|---|\n| size-${index} | ${index * 10} |`,
        '```ts\n# not a heading inside code\n\nconst value = ' + index + ';\n```',
        `Closing words of section ${index}, with a [link](https://docs.test/${index}).`,
      ].join('\n\n'),
    );
  }
  return `# Guide\n\n${sections.join('\n\n')}`;
}

describe('chunkMarkdown', () => {
  it('splits a 200 KB page into chunks within the budget, at section starts, losing nothing', () => {
    const page = longPage(200_000);
    expect(page.length).toBeGreaterThan(200_000);
    const budget = 6_000;
    const chunks = chunkMarkdown(page, budget);
    expect(chunks.length).toBeGreaterThanOrEqual(Math.ceil(countTokens(page) / budget));
    expect(chunks.length).toBeLessThan(Math.ceil(countTokens(page) / budget) * 1.3);
    for (const chunk of chunks) expect(countTokens(chunk)).toBeLessThanOrEqual(budget);
    for (const chunk of chunks.slice(1)) expect(chunk).toMatch(/^## Section \d+/);
    const normalise = (text: string): string => text.replace(/\s+/g, ' ');
    expect(normalise(chunks.join('\n\n'))).toBe(normalise(page));
    // Code fences stay whole: a fence line count per chunk is even.
    for (const chunk of chunks) expect((chunk.match(/^```/gm) ?? []).length % 2).toBe(0);
  });

  it('returns a short page whole, and nothing for an empty one', () => {
    expect(chunkMarkdown('# Title\n\nText.', 100)).toEqual(['# Title\n\nText.']);
    expect(chunkMarkdown('  \n', 100)).toEqual([]);
  });

  it('splits a section longer than the budget at paragraphs, then a line longer than it within the line', () => {
    const paragraphs = Array.from(
      { length: 40 },
      (_, index) => `Paragraph ${index} says a few words about the topic.`,
    ).join('\n\n');
    const chunks = chunkMarkdown(`## One long section\n\n${paragraphs}`, 60);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(countTokens(chunk)).toBeLessThanOrEqual(60);

    const oneLine = 'word '.repeat(2_000);
    const pieces = chunkMarkdown(oneLine, 100);
    for (const piece of pieces) expect(countTokens(piece)).toBeLessThanOrEqual(100);
    expect(pieces.join('').replace(/\s+/g, '')).toBe(oneLine.replace(/\s+/g, ''));
  });

  it('trims to a budget and says so', () => {
    const page = longPage(20_000);
    const trimmed = trimToTokens(page, 500);
    expect(trimmed.trimmed).toBe(true);
    expect(countTokens(trimmed.text)).toBeLessThanOrEqual(500);
    expect(page.startsWith(trimmed.text.slice(0, 100))).toBe(true);
    expect(trimToTokens('short', 500)).toEqual({ text: 'short', trimmed: false });
  });
});
