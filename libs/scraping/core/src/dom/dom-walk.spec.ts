import { withDocument } from './dom-document';
import { closestNamed, linksUnder } from './dom-walk';

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

describe('linksUnder', () => {
  it('finds the links getElementsByTagName finds, in the same order', () => {
    const html = `<nav><a href="/a">A</a><ul><li><a href="/b"><span>B</span></a></li></ul></nav>
      <main><p>Text <a href="/c">C</a> and <a href="/d">D</a></p><table><tr><td><a href="/e">E</a></td></tr></table></main>`;
    const [found, expected] = withDocument(html, (document) => [
      linksUnder(document.body).map((link) => link.getAttribute('href')),
      Array.from(document.body.getElementsByTagName('a'), (link) => link.getAttribute('href')),
    ]);
    expect(found).toEqual(['/a', '/b', '/c', '/d', '/e']);
    expect(found).toEqual(expected);
  });
});
