import { stripNonContent } from './strip-non-content';

const OPTIONS = { baseUrl: 'https://example.com/', mainContentPrefilter: true, keepAllAttributes: false };

describe("React's streamed segments", () => {
  it('are moved into the place their placeholder marks, hidden attribute and all notwithstanding', () => {
    const html =
      '<main><h1>Title</h1><!--$?--><template id="B:0"></template><!--/$--><p>After.</p></main>' +
      '<div hidden id="S:0"><p>Streamed text.</p></div><script>$RC("B:0","S:0")</script>';
    const stripped = stripNonContent(html, OPTIONS);
    expect(stripped.indexOf('Streamed text.')).toBeGreaterThan(stripped.indexOf('Title'));
    expect(stripped.indexOf('Streamed text.')).toBeLessThan(stripped.indexOf('After.'));
    expect(stripped).not.toMatch(/[\uE010\uE011]/);
  });

  it('place segments whose placeholders sit inside earlier segments', () => {
    const html =
      '<main><template id="B:0"></template></main>' +
      '<div hidden id="S:0"><p>Outer.</p><template id="B:1"></template><p>Outer end.</p></div>' +
      '<div hidden id="S:1"><p>Inner.</p></div>';
    const stripped = stripNonContent(html, OPTIONS);
    const order = ['Outer.', 'Inner.', 'Outer end.'].map((text) => stripped.indexOf(text));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(stripped).not.toMatch(/[\uE010\uE011]/);
  });

  it("place a segment finished inside another at its P: placeholder, as React's $RS does", () => {
    const html =
      '<main><h1>Index funds</h1><template id="B:0"></template><p>After.</p></main>' +
      '<div hidden id="S:0"><h2>How they work</h2><template id="P:1"></template><p>Section end.</p></div>' +
      '<div hidden id="S:1"><p>An index fund tracks a market index.</p></div>';
    const stripped = stripNonContent(html, OPTIONS);
    const order = ['How they work', 'An index fund tracks', 'Section end.', 'After.'].map((text) =>
      stripped.indexOf(text),
    );
    expect(order.every((position) => position >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(stripped).not.toMatch(/[\uE010\uE011]/);
  });

  it('stay where they are without a placeholder, and other hidden blocks still go', () => {
    const html =
      '<p>Page.</p><div hidden id="S:7"><p>Orphan segment.</p></div><div hidden id="menu"><p>Hidden menu.</p></div>';
    const stripped = stripNonContent(html, OPTIONS);
    expect(stripped).toContain('Orphan segment.');
    expect(stripped).not.toContain('Hidden menu.');
  });

  it("drop the fallback a waiting boundary shows until its segment arrives, as React's $RC does", () => {
    const html =
      '<main><h1>Pricing</h1><!--$?--><template id="B:0"></template><div>Loading <!-- -->paragraph<!-- -->...</div>' +
      '<!--/$--><!--$--><p>Shown at once.</p><!--/$--></main>' +
      '<div hidden id="S:0"><p>Plans start at ten dollars.</p></div><script>$RC("B:0","S:0")</script>';
    const stripped = stripNonContent(html, OPTIONS);
    expect(stripped).not.toContain('Loading');
    expect(stripped.indexOf('Plans start')).toBeGreaterThan(stripped.indexOf('Pricing'));
    expect(stripped.indexOf('Plans start')).toBeLessThan(stripped.indexOf('Shown at once.'));
    expect(stripped).not.toMatch(/[\uE010\uE011]/);
  });

  it('keep the fallback of a boundary whose segment never came, and of boundaries closed around it', () => {
    const html =
      '<main><!--$--><!--$?--><template id="B:3"></template><p>Sign in to see prices.</p><!--/$--><!--/$-->' +
      '<!--$?--><template id="B:4"></template><p>Loading reviews</p><!--/$--></main>' +
      '<div hidden id="S:4"><p>Five stars.</p></div>';
    const stripped = stripNonContent(html, OPTIONS);
    expect(stripped).toContain('Sign in to see prices.');
    expect(stripped).toContain('Five stars.');
    expect(stripped).not.toContain('Loading reviews');
    expect(stripped).not.toMatch(/[\uE010\uE011]/);
  });
});
