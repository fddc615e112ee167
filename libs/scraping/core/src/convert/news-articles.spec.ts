import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { convertHtml } from './convert-html';
import type { ConvertRequest } from './convert-request';

// News and blog articles as different publishing systems draw them, each with the rails a story page carries around
// its body: "Most read", "More from", related and recommended stories, teaser cards, author bios, newsletter pitches,
// live-blog key events. The golden markdown is the story alone.
const FIXTURES = path.join(__dirname, 'news-articles', '__fixtures__');

function fixture(name: string, file: string): string {
  return readFileSync(path.join(FIXTURES, name, file), 'utf8');
}

function markdownOf(name: string): string {
  const request = JSON.parse(fixture(name, 'request.json')) as Pick<ConvertRequest, 'url'>;
  return (
    convertHtml({
      ...request,
      html: fixture(name, 'input.html'),
      formats: ['markdown'],
      onlyMainContent: true,
      includeTags: [],
      excludeTags: [],
      removeBase64Images: true,
    }).outputs.markdown ?? ''
  );
}

describe('news articles: main content without the rails around the story (news-articles/__fixtures__/<case>)', () => {
  const cases = readdirSync(FIXTURES);

  it('has the cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
  });

  it.each(cases)('%s', (name) => {
    expect(markdownOf(name)).toBe(fixture(name, 'expected.md').replace(/\n$/, ''));
  });
});
