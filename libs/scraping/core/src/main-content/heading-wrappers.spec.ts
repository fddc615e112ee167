import { parseDocument, releaseDocument } from '../dom/dom-document';
import { unwrapHeadingWrappers } from './heading-wrappers';

function unwrapped(html: string): string {
  const document = parseDocument(html);
  try {
    unwrapHeadingWrappers(document.body);
    return document.body.innerHTML;
  } finally {
    releaseDocument(document);
  }
}

describe('unwrapHeadingWrappers', () => {
  it('takes out the blocks around a heading that hold nothing else, however deep, keeping the heading in place', () => {
    const html =
      '<p>Before.</p><div class="widget"><div class="container"> <h2>Plans</h2><div class="icon"></div></div></div>' +
      '<p>After.</p>';
    expect(unwrapped(html)).toBe('<p>Before.</p> <h2>Plans</h2><div class="icon"></div><p>After.</p>');
  });

  it('leaves blocks that hold text, a picture or more than the heading, and wrappers other than div and section', () => {
    const html =
      '<div><h2>Plans</h2><p>Three of them.</p></div><div><h3>Logo</h3><img src="l.png"></div>' +
      '<div><h3>One</h3><h3>Two</h3></div><li><h4>Item</h4></li>';
    expect(unwrapped(html)).toBe(html);
  });
});
