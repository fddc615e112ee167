import { splitForMarkdown } from './markdown-chunks';

describe('splitForMarkdown', () => {
  it('leaves ordinary pages in one piece', () => {
    const html = '<main><h1>Title</h1><p>Text</p></main>';
    expect(splitForMarkdown(html)).toEqual([html]);
  });

  it('splits a large page at the children of its transparent containers, keeping every node in order', () => {
    const paragraphs = Array.from({ length: 1000 }, (_, index) => `<p>Paragraph ${index} ${'x'.repeat(300)}</p>`);
    const html = `<html><body><main>${paragraphs.join('')}</main></body></html>`;
    const pieces = splitForMarkdown(html);
    expect(pieces.length).toBe(10);
    expect(pieces.join('')).toBe(paragraphs.join(''));
  });

  it('keeps a large element that renders as a whole (a table) in one piece', () => {
    const rows = Array.from({ length: 2000 }, (_, index) => `<tr><td>${index}</td><td>${'y'.repeat(100)}</td></tr>`);
    const table = `<table>${rows.join('')}</table>`;
    expect(splitForMarkdown(`<div>${table}</div>`)).toEqual([table]);
  });
});
