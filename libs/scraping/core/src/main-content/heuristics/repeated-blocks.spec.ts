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

  it("keeps the line a list's template repeats in each item", () => {
    const credit = '<p>This webcam image is provided courtesy of the Yosemite Conservancy, which funds it.</p>';
    const card = (name: string): string => `<li class="webcam"><h3>${name}</h3>${credit}</li>`;
    withBody(`<ul>${card('Half Dome')}${card('El Capitan')}</ul>`, (body) => {
      expect(removeRepeatedBlocks(body)).toBe(0);
    });
  });

  it('removes the labels of a widget each item of a list repeats, which say no sentence', () => {
    const scale =
      '<div class="scale"><h4>Overall fit rating</h4><p>Runs small</p><p>Runs large</p><h4>Ease of use</h4><p>Difficult to use</p><p>Very easy to use</p></div>';
    const review = (text: string): string => `<li class="review"><p>${text}</p>${scale}</li>`;
    withBody(`<ul>${review('Fits well.')}${review('A bit tight.')}</ul>`, (body) => {
      expect(removeRepeatedBlocks(body, false)).toBe(1);
      expect(body.textContent).toBe(
        'Fits well.Overall fit ratingRuns smallRuns largeEase of useDifficult to useVery easy to useA bit tight.',
      );
    });
  });

  it("removes a card that repeats another whole, as a carousel's clone", () => {
    const card =
      '<div class="slide"><p>Four nights in Lisbon with a tram pass, a guided walk through Alfama and a day at the coast in Cascais.</p></div>';
    withBody(`<div>${card}${card}</div>`, (body) => {
      expect(removeRepeatedBlocks(body)).toBe(1);
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
