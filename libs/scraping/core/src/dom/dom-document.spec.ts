import { withDocument } from './dom-document';

describe('live collections of a parsed document', () => {
  const html = `<p id="length">One</p><div><p name="item">Two</p><section><p>Three</p></section></div><p>Four</p>`;

  it('iterate over the items indexing finds, in document order, whatever the elements are named', () => {
    const [iterated, indexed, length] = withDocument(html, (document) => {
      const paragraphs = document.body.getElementsByTagName('p');
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
      for (const paragraph of document.body.getElementsByTagName('p')) {
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
      const seen: string[] = [];
      for (const paragraph of document.body.getElementsByTagName('p')) {
        seen.push(paragraph.textContent ?? '');
        if (seen.length === 1) document.body.append(document.createElement('p'));
      }
      return seen;
    });
    // jsdom's own iterator reads the length again before each step (and scans the collection to do it).
    expect(visited).toEqual(['One', 'Two', 'Three', 'Four']);
  });
});
