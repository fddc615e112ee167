import { withDocument } from './dom-document';
import { closestNamed } from './dom-walk';

describe('closestNamed', () => {
  it('finds what closest finds for selectors of element names, the element itself included', () => {
    const html = `<main><section><p>One <a href="/x"><b>link</b></a></p><div><p>Two</p></div></section>
      <aside><form><label>Name</label></form></aside><svg><a href="/y"><text>icon</text></a></svg></main>`;
    const selectors = ['a', 'aside', 'form', 'p, div', 'article, main, section', 'h1,h2,h3,h4,h5,h6'];
    const differing = withDocument(html, (document) => {
      const elements = Array.from(document.body.getElementsByTagName('*'));
      return selectors.flatMap((selector) => {
        const names = new Set(selector.split(',').map((name) => name.trim()));
        return elements
          .filter((element) => closestNamed(element, names) !== element.closest(selector))
          .map((element) => `${selector} from ${element.localName}`);
      });
    });
    expect(differing).toEqual([]);
    expect(closestNamed(null, new Set(['p']))).toBeNull();
  });
});
