import { withDocument } from './dom-document';
import { closestNamed, elementsUnder, linksUnder } from './dom-walk';

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

describe('elementsUnder and linksUnder', () => {
  const html = `<nav><a href="/a">A</a><ul><li><a href="/b"><span>B</span></a></li></ul></nav>
    <main><p>Text <a href="/c">C</a> and <a href="/d">D</a></p><table><tr><td><a href="/e">E</a></td></tr></table></main>`;

  it('list what lies under the root in document order, the root left out', () => {
    const [elements, links] = withDocument(html, (document) => {
      const main = document.getElementsByTagName('main')[0];
      return [
        elementsUnder(main).map((element) => element.localName),
        linksUnder(document.body).map((link) => link.textContent),
      ];
    });
    expect(elements).toEqual(['p', 'a', 'a', 'table', 'tbody', 'tr', 'td', 'a']);
    expect(links).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('give lists taken once, so that a caller may remove what it visits', () => {
    const [visited, left] = withDocument(html, (document) => {
      const seen: string[] = [];
      for (const link of linksUnder(document.body)) {
        seen.push(link.textContent ?? '');
        link.remove();
      }
      return [seen, elementsUnder(document.body).filter((element) => element.localName === 'a').length];
    });
    expect(visited).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(left).toBe(0);
  });
});
