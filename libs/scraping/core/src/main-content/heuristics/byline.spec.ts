import { editedHtml } from '../../dom/dom-document';
import { removeByline } from './byline';

const STORY =
  '<p>Divers surveying the seabed near Falmouth found the remains of a wooden ship that archaeologists date to the ' +
  'fourteenth century.</p><p>The hull lies in twelve metres of water and is mostly buried in sand.</p>';

function withoutByline(html: string): string {
  return editedHtml(html, removeByline);
}

describe("an article's byline", () => {
  it.each([
    ['a line classed as the byline', '<p class="byline">By Ellen Tregarthen</p>'],
    ['a whole line around the named author', '<div class="post-meta__byline"><span>By</span> <span>Ellen</span></div>'],
    ['a link to the author', '<a rel="author" href="/authors/ellen">Ellen Tregarthen</a>'],
    ['a microdata author', '<span itemprop="author">Ellen Tregarthen</span>'],
    ['an element whose id says so', '<div id="article-author">Ellen Tregarthen, Cornwall reporter</div>'],
    ['a dateline so named', '<div class="dateline">FALMOUTH, 9 July</div>'],
  ])('removes %s', (_name, byline) => {
    expect(withoutByline(`${byline}${STORY}`)).toBe(STORY);
  });

  it('removes only the first: a second one further down is a quoted writer or a poster', () => {
    const second = '<p class="author">Morwenna Hale</p>';
    expect(withoutByline(`<p class="byline">By Ellen</p>${STORY}${second}`)).toBe(`${STORY}${second}`);
  });

  it.each([
    ['an empty element so named', '<span class="author"></span>'],
    [
      'a box about the writer, longer than a byline',
      '<div class="author">Ellen Tregarthen has reported on Cornwall for twenty years, from its fishing ports ' +
        'to its council chamber, and wrote two books on its coast.</div>',
    ],
    ['a line that only says "by"', '<p>By the fourteenth century the harbour was busy.</p>'],
  ])('keeps %s', (_name, html) => {
    expect(withoutByline(`${html}${STORY}`)).toBe(`${html}${STORY}`);
  });
});
