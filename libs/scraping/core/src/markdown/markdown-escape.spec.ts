import { escapeMarkdownText } from './markdown-escape';

describe('escapeMarkdownText', () => {
  it.each([
    ['snake_case and file_name.txt', 'snake_case and file_name.txt'],
    ['see [1] and [note]', 'see [1] and [note]'],
    ['5 * 3 = 15', '5 * 3 = 15'],
    ['C:\\path\\file', 'C:\\path\\file'],
    ['if a < b or a <= 3', 'if a < b or a <= 3'],
  ])('leaves %j alone', (text, expected) => {
    expect(escapeMarkdownText(text)).toBe(expected);
  });

  it.each([
    ['*not emphasis*', '\\*not emphasis\\*'],
    ['_init_ and __dunder__', '\\_init\\_ and \\_\\_dunder\\_\\_'],
    ['2*3*4', '2\\*3\\*4'],
    ['use `code` here', 'use \\`code\\` here'],
    ['[text](url)', '[text\\](url)'],
    ['a \\* b', 'a \\\\\\* b'],
    ['# not a heading', '\\# not a heading'],
    ['> not a quote', '\\> not a quote'],
    ['- not a list', '\\- not a list'],
    ['+ not a list', '\\+ not a list'],
    ['---', '\\---'],
    ['2024. A good year', '2024\\. A good year'],
    ['~~~ not a fence', '\\~~~ not a fence'],
    ['List<String> and <div> and </p>', 'List\\<String> and \\<div> and \\</p>'],
    ['<https://example.com> <!-- x -->', '\\<https://example.com> \\<!-- x -->'],
  ])('escapes %j', (text, expected) => {
    expect(escapeMarkdownText(text)).toBe(expected);
  });

  it('only escapes line-start constructs at the start of the text', () => {
    expect(escapeMarkdownText('Step 1. Open # 3 - done')).toBe('Step 1. Open # 3 - done');
  });
});
