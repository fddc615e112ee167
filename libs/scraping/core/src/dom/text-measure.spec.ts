import { withDocument } from './dom-document';
import { compactText, compactTextsUnder, fragmentChars, visibleCharCount, visibleChars } from './text-measure';

describe('visibleCharCount', () => {
  it('counts what compactText keeps, for every UTF-16 code unit', () => {
    const differing: number[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      const text = `a${String.fromCharCode(code)}b`;
      if (visibleCharCount(text) !== compactText(text).length) differing.push(code);
    }
    expect(differing).toEqual([]);
  });

  it('counts the characters of an element and of a fragment, tags and white space aside', () => {
    const html = '<p>Caf\u00e9\u00a0au <b>lait</b>,\u2003\ufefftwo\tcups\r\n</p><p>\ud83d\ude00 each</p>';
    expect(withDocument(html, (document) => visibleChars(document.body))).toBe('Caféaulait,twocups😀each'.length);
    expect(fragmentChars(html)).toBe('Caféaulait,twocups😀each'.length);
  });
});

describe('compactTextsUnder', () => {
  it("reads every element's text as compactText of its textContent", () => {
    const html = `<div id="a"> one <span>two <i>three</i></span><!-- not text --><ul><li> four </li><li>five\u00a0six</li></ul>
      <svg><text>seven</text></svg><table><tr><td>eight</td></tr></table></div><p></p>`;
    const mismatches = withDocument(html, (document) => {
      const texts = new Map<Element, string>();
      const bodyText = compactTextsUnder(document.body, texts);
      const elements = [document.body, ...Array.from(document.body.getElementsByTagName('*'))];
      return {
        bodyText,
        read: texts.size,
        elements: elements.length,
        differing: elements.filter((element) => texts.get(element) !== compactText(element.textContent ?? '')),
      };
    });
    expect(mismatches.bodyText).toBe('onetwothreefourfivesixseveneight');
    expect(mismatches.read).toBe(mismatches.elements);
    expect(mismatches.differing).toEqual([]);
  });
});
