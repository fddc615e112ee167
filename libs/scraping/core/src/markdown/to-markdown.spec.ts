import { htmlToMarkdown } from './to-markdown';

function markdown(html: string): string {
  return htmlToMarkdown(html, { removeBase64Images: false });
}

describe('htmlToMarkdown', () => {
  it('lays out a table without <th> with its first row as the header and pads short rows', () => {
    const html = '<table><tr><td>a</td><td>b</td><td>c</td></tr><tr><td>1</td></tr></table>';
    expect(markdown(html)).toBe('| a | b | c |\n| --- | --- | --- |\n| 1 |  |  |');
  });

  it('keeps a one-column layout table as blocks', () => {
    expect(markdown('<table><tr><td><p>Intro</p></td></tr><tr><td>More</td></tr></table>')).toBe('Intro\n\nMore');
  });

  it('drops empty links and images without a source', () => {
    expect(markdown('<p>A<a href="https://x.test/"> </a>B<img alt="none"> C</p>')).toBe('A B C');
  });

  it('encodes unbalanced parentheses and spaces in URLs', () => {
    expect(markdown('<a href="https://x.test/a(b">A</a> <img src="https://x.test/my pic.png" alt="P">')).toBe(
      '[A](https://x.test/a%28b) ![P](https://x.test/my%20pic.png)',
    );
  });

  it('keeps one blank line between blocks but blank lines inside code as they are', () => {
    const html = '<p>one</p><div></div><div><p></p></div><p>two</p><pre><code>a\n\n\n\nb</code></pre>';
    expect(markdown(html)).toBe('one\n\ntwo\n\n```\na\n\n\n\nb\n```');
  });

  it('drops the paragraphs that hold nothing but zero-width characters', () => {
    expect(markdown('<p>one</p><p>\u200d</p><p>&zwj;</p><p>\u200b \ufeff</p><p>two</p>')).toBe('one\n\ntwo');
  });

  it('puts headings with line breaks on one line and skips empty ones', () => {
    expect(markdown('<h2>First<br>second</h2><h3> </h3><p>text</p>')).toBe('## First second\n\ntext');
  });

  it.each([
    [
      "Hugo's Chroma",
      '<table class="lntable"><tr><td class="lntd"><pre class="chroma"><code><span class="lnt"><a href="#hl-0-1">1</a>\n' +
        '</span><span class="lnt">2\n</span></code></pre></td><td class="lntd"><pre class="chroma"><code ' +
        'class="language-c" data-lang="c"><span class="line">int a = 1;\n</span><span class="line">return a;\n' +
        '</span></code></pre></td></tr></table>',
      '```c\nint a = 1;\nreturn a;\n```',
    ],
    [
      "Pygments'",
      '<table class="highlighttable"><tbody><tr><td class="linenos"><div class="linenodiv"><pre>1\n2</pre></div></td>' +
        '<td class="code"><div class="highlight"><pre><span>x = 1</span>\nprint(x)\n</pre></div></td></tr></tbody></table>',
      '```\nx = 1\nprint(x)\n```',
    ],
  ])("turns %s code table with a gutter of line numbers into the code's fenced block", (_highlighter, html, code) => {
    expect(markdown(`<p>Before</p>${html}<p>After</p>`)).toBe(`Before\n\n${code}\n\nAfter`);
  });

  it('keeps a table of one row whose first cell holds numbers but is no gutter of line numbers as a table', () => {
    const html = '<table><tr><td><pre>1\n2</pre></td><td><pre>a</pre></td><td>third</td></tr></table>';
    expect(markdown(html)).toContain('| third |');
    const numbered = '<table><tr><td><pre>1 apple\n2 pears</pre></td><td><pre>x = 1</pre></td></tr></table>';
    expect(markdown(numbered)).toContain('1 apple');
  });

  it('does not escape ordinary prose', () => {
    expect(markdown('<p>Call get_user_id() on [1] item * 2</p>')).toBe('Call get_user_id() on [1] item * 2');
  });
});

describe('htmlToMarkdown on large documents', () => {
  it('converts a page of thousands of blocks whole, piece by piece', () => {
    const sections = Array.from(
      { length: 3000 },
      (_, index) => `<h2>Section ${index}</h2><p>${'word '.repeat(60)}</p>`,
    );
    const html = `<main>${sections.join('\n')}</main>`;
    const markdown = htmlToMarkdown(html, { removeBase64Images: true });
    expect(markdown.match(/^## Section \d+$/gm)).toHaveLength(3000);
    expect(markdown).toContain('## Section 2999');
    expect(markdown.startsWith('## Section 0\n\nword word')).toBe(true);
  });
});
