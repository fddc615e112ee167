import { parseDocument, releaseDocument } from '../../dom/dom-document';
import { removeRepeatedBlocks } from './repeated-blocks';

function withBody(html: string, use: (body: HTMLElement) => void): void {
  const document = parseDocument(html);
  try {
    use(document.body);
  } finally {
    releaseDocument(document);
  }
}

const SPECS =
  '<dl><dt>Material</dt><dd>6061-T6 aluminium, anodised black</dd><dt>Weight</dt><dd>2 oz</dd><dt>Holds</dt><dd>1 to 12 cards</dd></dl>';

describe('removeRepeatedBlocks', () => {
  it('keeps the first copy of a block a responsive page repeats for another screen size', () => {
    withBody(`<div class="mobile">${SPECS}</div><p>Made to last.</p><div class="desktop">${SPECS}</div>`, (body) => {
      expect(removeRepeatedBlocks(body)).toBe(1);
      expect(body.innerHTML).toBe(`<div class="mobile">${SPECS}</div><p>Made to last.</p>`);
    });
  });

  it('removes the earlier post a reply quotes, and keeps the reply', () => {
    const post = 'The liftgate lights flicker whenever the hatch is half open, any idea why?';
    const html = `<article><p>${post}</p></article><article><blockquote>${post}</blockquote><p>Check the wiring.</p></article>`;
    withBody(html, (body) => {
      removeRepeatedBlocks(body);
      expect(body.textContent).toBe(`${post}Check the wiring.`);
    });
  });

  it('does not take a wrapper and its only child, or short texts, for repeats', () => {
    const html = `<div><section>${SPECS}</section></div><p>Add to cart</p><p>Add to cart</p>`;
    withBody(html, (body) => {
      expect(removeRepeatedBlocks(body)).toBe(0);
    });
  });

  it('compares each tab panel only with itself', () => {
    const note = "<p>Don't include credentials in production apps: read them from the environment.</p>";
    const html = `<div role="tabpanel"><pre>node send.js</pre>${note}</div><div role="tabpanel"><pre>python send.py</pre>${note}</div>`;
    withBody(html, (body) => {
      expect(removeRepeatedBlocks(body)).toBe(0);
    });
  });
});
