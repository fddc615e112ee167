import { markdownToHtml } from './markdown-html';

/** The rendered HTML without the line breaks markdown-it puts between blocks. */
const compact = (markdown: string): string => markdownToHtml(markdown).replace(/>\s+</g, '><').trim();

describe('markdownToHtml', () => {
  it('renders headings, paragraphs and inline marks', () => {
    expect(compact('# Title\n\nSome **bold** and *slanted* text\nwith `a < b` code.\n\n## Next ##')).toBe(
      '<h1>Title</h1><p>Some <strong>bold</strong> and <em>slanted</em> text\nwith <code>a &lt; b</code> code.</p>' +
        '<h2>Next</h2>',
    );
  });

  it('renders links and images with their titles, and never links a script URL', () => {
    const html = compact('[docs](https://example.com/docs "The docs") ![logo](/logo.png) [bad](javascript:alert(1))');
    expect(html).toContain('<a href="https://example.com/docs" title="The docs">docs</a>');
    expect(html).toContain('<img src="/logo.png" alt="logo">');
    expect(html).not.toContain('href="javascript:');
    expect(compact('<https://example.com/a>')).toBe('<p><a href="https://example.com/a">https://example.com/a</a></p>');
  });

  it('escapes raw HTML instead of passing it through', () => {
    expect(compact('<script>alert("x")</script>')).toBe('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>');
  });

  it('keeps fenced code as it is, with its language', () => {
    expect(compact('```ts\nconst a = 1 < 2;\n\n# not a heading\n```\nafter')).toBe(
      '<pre><code class="language-ts">const a = 1 &lt; 2;\n\n# not a heading\n</code></pre><p>after</p>',
    );
  });

  it('renders nested lists, ordered lists and quotes', () => {
    expect(compact('- one\n- two\n  - two a\n  - two b\n- three\n\n1. first\n2. second\n\n> quoted **words**')).toBe(
      '<ul><li>one</li><li>two\n<ul><li>two a</li><li>two b</li></ul></li><li>three</li></ul>' +
        '<ol><li>first</li><li>second</li></ol><blockquote><p>quoted <strong>words</strong></p></blockquote>',
    );
  });

  it('renders rules and tables', () => {
    const html = compact('a\n\n---\n\n| Name | Price |\n| --- | ---: |\n| Tea | 2 |\n| Cake |');
    expect(html).toMatch(/^<p>a<\/p><hr><table><thead><tr><th>Name<\/th><th[^>]*>Price<\/th><\/tr><\/thead>/);
    expect(html).toMatch(
      /<tbody><tr><td>Tea<\/td><td[^>]*>2<\/td><\/tr><tr><td>Cake<\/td><td[^>]*><\/td><\/tr><\/tbody>/,
    );
  });
});
