import { extractLinks } from './extract-links';

const PAGE = 'https://example.org/foo/bar';

describe('extractLinks', () => {
  it('makes links absolute against the page URL, in document order', () => {
    const html = `<a href="page.php">Page</a> <a href="/absolute">Abs</a> <a href="../up">Up</a>
      <a href="?q=1">Query</a> <a href="https://external.com">External</a> <a href="//cdn.example.net/x">Proto</a>`;
    expect(extractLinks(html, PAGE)).toEqual([
      'https://example.org/foo/page.php',
      'https://example.org/absolute',
      'https://example.org/up',
      'https://example.org/foo/bar?q=1',
      'https://external.com/',
      'https://cdn.example.net/x',
    ]);
  });

  it('resolves against <base href>, itself relative to the page URL', () => {
    expect(extractLinks('<base href="../"><a href="page.php">P</a>', PAGE)).toEqual(['https://example.org/page.php']);
    expect(extractLinks('<base href="https://cdn.example.com/"><a href="a/b.css">C</a>', PAGE)).toEqual([
      'https://cdn.example.com/a/b.css',
    ]);
  });

  it('uses the first <base href> even when it comes after the links', () => {
    const html = '<a href="x">X</a><base href="https://one.example/"><base href="https://two.example/">';
    expect(extractLinks(html, PAGE)).toEqual(['https://one.example/x']);
  });

  it('is not fooled by "<base" inside a script or a comment', () => {
    const html =
      '<script>var s = "<base href=https://evil.example/>";</script><!-- <base href="/x/"> --><a href="p">P</a>';
    expect(extractLinks(html, PAGE)).toEqual(['https://example.org/foo/p']);
  });

  it('de-duplicates and skips fragments, javascript: and empty hrefs, keeping mailto:', () => {
    const html = `<a href="/a">1</a><a href=" /a ">2</a><a href="#top">3</a><a href="javascript:void(0)">4</a>
      <a href="">5</a><a>6</a><a href="mailto:team@example.org">7</a><a href="tel:+3212345">8</a>`;
    expect(extractLinks(html, PAGE)).toEqual(['https://example.org/a', 'mailto:team@example.org', 'tel:+3212345']);
  });

  it('decodes entities in href', () => {
    expect(extractLinks('<a href="/search?a=1&amp;b=2">S</a>', PAGE)).toEqual(['https://example.org/search?a=1&b=2']);
  });
});
