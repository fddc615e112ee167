import { withDocument } from './dom-document';

describe('live collections of a parsed document', () => {
  const html = `<main><p id="length">One</p><p name="item">Two</p><p>Three</p><p>Four</p></main>`;

  it('iterate over the items indexing finds, in document order, whatever the elements are named', () => {
    const [iterated, indexed, length] = withDocument(html, (document) => {
      const paragraphs = document.getElementsByTagName('main')[0].children;
      return [
        Array.from(paragraphs, (paragraph) => paragraph.textContent),
        Array.from({ length: paragraphs.length }, (_, index) => paragraphs[index].textContent),
        paragraphs.length,
      ];
    });
    expect(length).toBe(4);
    expect(iterated).toEqual(['One', 'Two', 'Three', 'Four']);
    expect(iterated).toEqual(indexed);
  });

  it('end where a collection that shrinks while it is iterated now ends', () => {
    const visited = withDocument(html, (document) => {
      const seen: string[] = [];
      for (const paragraph of document.getElementsByTagName('main')[0].children) {
        seen.push(paragraph.textContent ?? '');
        paragraph.remove();
      }
      return seen;
    });
    // Each removal moves the next paragraph to the index just visited, as an array iterator over the live
    // collection would skip it too; what matters is that no step yields a missing item.
    expect(visited).toEqual(['One', 'Three']);
  });

  it('read their length once: an element added while a collection is iterated is not visited', () => {
    const visited = withDocument(html, (document) => {
      const main = document.getElementsByTagName('main')[0];
      const seen: string[] = [];
      for (const paragraph of main.children) {
        seen.push(paragraph.textContent ?? '');
        if (seen.length === 1) main.append(document.createElement('p'));
      }
      return seen;
    });
    // jsdom's own iterator reads the length again before each step (and scans the collection to do it).
    expect(visited).toEqual(['One', 'Two', 'Three', 'Four']);
  });
});

describe('getElementsByTagName in a parsed document', () => {
  const html = `<div id="root"><p>One</p><section><P>Two</P><svg><clipPath id="c"></clipPath><foreignObject><p>Three</p></foreignObject></svg></section></div><p>Four</p>`;

  it('finds the elements under the node with the name, in tree order, the node itself left out', () => {
    const [underRoot, inDocument, selfExcluded] = withDocument(html, (document) => {
      const root = document.getElementById('root') as Element;
      return [
        Array.from(root.getElementsByTagName('p'), (paragraph) => paragraph.textContent),
        Array.from(document.getElementsByTagName('P'), (paragraph) => paragraph.textContent),
        root.getElementsByTagName('div').length,
      ];
    });
    expect(underRoot).toEqual(['One', 'Two', 'Three']);
    expect(inDocument).toEqual(['One', 'Two', 'Three', 'Four']);
    expect(selfExcluded).toBe(0);
  });

  it('matches HTML elements whatever the case asked and other elements by their name as written', () => {
    const [asWritten, lowerCase, everything] = withDocument(html, (document) => {
      const root = document.getElementById('root') as Element;
      return [
        root.getElementsByTagName('clipPath').length,
        root.getElementsByTagName('clippath').length,
        Array.from(root.getElementsByTagName('*'), (element) => element.localName),
      ];
    });
    expect(asWritten).toBe(1);
    expect(lowerCase).toBe(0);
    expect(everything).toEqual(['p', 'section', 'p', 'svg', 'clipPath', 'foreignObject', 'p']);
  });

  it('returns a list taken once, which removing the elements it holds does not change', () => {
    const [removed, left] = withDocument(html, (document) => {
      const paragraphs = document.getElementsByTagName('p');
      for (const paragraph of paragraphs) paragraph.remove();
      return [paragraphs.length, document.getElementsByTagName('p').length];
    });
    expect(removed).toBe(4);
    expect(left).toBe(0);
  });
});
