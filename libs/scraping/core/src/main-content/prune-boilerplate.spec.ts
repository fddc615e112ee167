import { parseDocument, releaseDocument } from '../dom/dom-document';
import type { TextMasses } from '../dom/text-measure';
import { measureText } from './content-region';
import { pruneArticle, pruneBoilerplate } from './prune-boilerplate';

function prunedText(body: string): string {
  const document = parseDocument(body);
  try {
    const masses: TextMasses = new Map();
    measureText(document.body, masses);
    pruneBoilerplate(document.body, masses);
    return (document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  } finally {
    releaseDocument(document);
  }
}

const links = (names: string[], wrap: (link: string) => string): string =>
  names.map((name) => wrap(`<a href="/wiki/${name}">${name}</a>`)).join('');
const NAMES = ['Curie', 'Planck', 'Bohr', 'Fermi', 'Dirac', 'Pauli'];
const DESCRIPTION =
  '<p>A stoneware mug thrown on the wheel, glazed in a speckled oat colour and fired twice so that it holds heat ' +
  'for a long morning. Each one differs a little in shape and glaze, and holds about three hundred millilitres.</p>';

describe('pruneBoilerplate', () => {
  it('removes a block of short links', () => {
    expect(prunedText(`<ul>${links(NAMES, (link) => `<li>${link}</li>`)}</ul><p>Body text.</p>`)).toBe('Body text.');
  });

  it('keeps a table of short links, the content of a list page', () => {
    const table = `<table>${links(NAMES, (link) => `<tr><td>${link}</td></tr>`)}</table>`;
    expect(prunedText(table)).toContain('Curie');
  });
});

describe('pruneBoilerplate, blocks named as boilerplate', () => {
  it('removes blocks whose class or id names them as reviews, recommendations or filters', () => {
    const text = prunedText(
      `<div><h1>Speckled mug</h1>${DESCRIPTION}</div>` +
        '<div class="product-reviews"><p>Lovely mug, arrived quickly.</p></div>' +
        '<section id="related_items"><p>Tall vase</p><p>Small bowl</p></section>' +
        '<div class="filters panel"><p>Colour</p><p>Price</p></div>',
    );
    expect(text).toContain('speckled oat colour');
    expect(text).not.toContain('Lovely mug');
    expect(text).not.toContain('Tall vase');
    expect(text).not.toContain('Colour');
  });

  it('matches whole words of a class only', () => {
    const text = prunedText(
      `<div class="preview-pane">${DESCRIPTION}</div><div class="sortable"><p>Kept too</p></div>`,
    );
    expect(text).toContain('speckled oat colour');
    expect(text).toContain('Kept too');
  });

  it('keeps a section drawn as a drawer: an expanding part of the page, which holds its content', () => {
    const text = prunedText(
      `<div><h1>Speckled mug</h1>${DESCRIPTION}</div>` +
        '<section><div class="drawer"><h2>How we fire it</h2><p>Twice, the second time hotter.</p></div></section>',
    );
    expect(text).toContain('Twice, the second time hotter.');
  });

  it('keeps a run of like blocks, which are the items of the content whatever their class says', () => {
    const text = prunedText(
      '<div class="review-item"><h2>First speaker</h2><p>Loud and clear.</p></div>' +
        '<div class="review-item"><h2>Second speaker</h2><p>Small but deep.</p></div>',
    );
    expect(text).toContain('Loud and clear.');
    expect(text).toContain('Small but deep.');
  });

  it('keeps a named block that holds the title heading or most of the text', () => {
    expect(
      prunedText(`<div class="share-wrapper"><h1>Mug</h1><p>Short.</p></div><p>${'Other text. '.repeat(20)}</p>`),
    ).toContain('Short.');
    expect(prunedText(`<div class="related">${DESCRIPTION}</div><p>A line.</p>`)).toContain('speckled oat colour');
  });
});

describe('pruneBoilerplate, forms', () => {
  it('removes a form without headings: what is left of a quick-shop or sign-up form', () => {
    const text = prunedText(
      `<div><h1>Speckled mug</h1>${DESCRIPTION}</div>` +
        '<form action="/cart/add"><label>Size</label><p>Small Large</p><p>Add to cart</p></form>',
    );
    expect(text).toContain('speckled oat colour');
    expect(text).not.toContain('Add to cart');
  });

  it('keeps a form with headings, and a form that holds most of the text', () => {
    const steps = '<form><h2>Your savings</h2><p>How much you have put aside so far.</p></form><p>Intro.</p>';
    expect(prunedText(steps)).toContain('put aside');
    expect(prunedText(`<form>${DESCRIPTION}</form><p>A line.</p>`)).toContain('speckled oat colour');
  });
});

describe('pruneBoilerplate, labels', () => {
  it('removes labels outside forms, whose controls are gone, and keeps those of a kept form', () => {
    const text = prunedText(
      `<div><h1>Speckled mug</h1>${DESCRIPTION}<label>Quantity</label></div>` +
        '<form><h2>Glaze</h2><label>Oat</label><p>Each glaze is mixed by hand in small batches.</p></form>',
    );
    expect(text).not.toContain('Quantity');
    expect(text).toContain('Oat');
  });

  it("removes every post's poster card and signature, though the posts are a run of like blocks", () => {
    const post = (text: string): string =>
      `<div class="post"><dl class="postprofile"><dt>Senator</dt><dd>Posts: 4032</dd></dl><p>${text}</p>` +
      '<div class="signature">Member of The Glitches. Stats not canon.</div></div>';
    const text = prunedText(post('Which leagues should the table cover?') + post('Add La Liga and Ligue 1.'));
    expect(text).toContain('Which leagues should the table cover?');
    expect(text).toContain('Add La Liga and Ligue 1.');
    expect(text).not.toMatch(/Posts|Senator|Glitches/);
  });

  it("removes every poster's rank but keeps the poster's name", () => {
    const post = (name: string, text: string): string =>
      `<article class="message"><div class="message-userDetails"><h4 class="message-name">${name}</h4>` +
      `<h5 class="userTitle message-userTitle">Senior Member</h5></div><div class="message-body"><p>${text}</p></div></article>`;
    const text = prunedText(post('Ed Selley', 'The keyboard is worth it.') + post('Anubis1', 'Not at that price.'));
    expect(text).toContain('Ed Selley');
    expect(text).toContain('Not at that price.');
    expect(text).not.toContain('Senior Member');
  });

  it("removes the box about the writer from the region and from Readability's article, and keeps the byline", () => {
    const body =
      `<div id="readability-page-1" class="page"><div><p class="byline author">By Ada Potter</p>${DESCRIPTION}` +
      '<div class="entry-author-profile"><p>Ada Potter has thrown pots for twenty years and writes about glazes.</p></div>' +
      '<section id="about-the-author"><p>Follow Ada on her studio blog.</p></section></div></div>';
    expect(prunedText(body)).toMatch(/^By Ada Potter ?A stoneware mug .* three hundred millilitres\.$/);
    const document = parseDocument(body);
    try {
      pruneArticle(document.body);
      const text = (document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
      expect(text).toMatch(/^By Ada Potter ?A stoneware mug .* three hundred millilitres\.$/);
    } finally {
      releaseDocument(document);
    }
  });

  it("removes every post's number, a link to the post itself, but keeps numbers that say more", () => {
    const post = (number: number, text: string): string =>
      `<article class="message"><ul class="message-attribution"><li><a href="/threads/t.1/post-${number}">#${number}</a></li></ul>` +
      `<div class="message-body"><p>${text} <a href="/issues/${number}">#${number}</a> fixed it.</p></div></article>`;
    const text = prunedText(post(1, 'The build fails again.') + post(2, 'See the patch:'));
    expect(text).toBe('The build fails again. #1 fixed it.See the patch: #2 fixed it.');
  });

  it("removes the figures of every poster's card, however the forum draws them, and keeps labels without figures", () => {
    const post = (poster: string, figures: string, text: string): string =>
      `<div class="post"><div class="poster"><a href="/u/${poster}">${poster}</a>${figures}<div>Location: Oslo</div></div>` +
      `<div class="post-body"><p>${text}</p></div></div>`;
    const text = prunedText(
      post(
        'kestrel',
        '<div>Join Date: <b>Aug 2008</b></div><div>Posts: <b>1,077</b></div>',
        'Flash the firmware first.',
      ) +
        post('moth', '<div class="stats">Posts: 116<br>Threads: 23<br>Joined: Feb 2019</div>', 'That bricked mine.') +
        post(
          'wren',
          '<dl><dt>Messages:</dt><dd><a href="/s">3</a></dd><dt>Likes Received:</dt><dd>0</dd></dl>',
          'Same.',
        ),
    );
    expect(text).toBe(
      'kestrelLocation: OsloFlash the firmware first.mothLocation: OsloThat bricked mine.wrenLocation: OsloSame.',
    );
  });

  it("leaves names and headers in Readability's article to Readability, and still removes its menus", () => {
    const document = parseDocument(
      `<div><header><p>Our mugs, thrown by hand.</p></header><div class="modal-details">${DESCRIPTION}</div>` +
        `<ul>${links(NAMES, (link) => `<li>${link}</li>`)}</ul></div>`,
    );
    try {
      const article = document.body.firstElementChild as Element;
      const masses: TextMasses = new Map();
      measureText(article, masses);
      pruneBoilerplate(article, masses, true);
      const text = (article.textContent ?? '').replace(/\s+/g, ' ');
      expect(text).toContain('Our mugs, thrown by hand.');
      expect(text).toContain('three hundred millilitres');
      expect(text).not.toContain('Curie');
    } finally {
      releaseDocument(document);
    }
  });

  it("removes from Readability's article the menus it keeps, below the wrappers it adds", () => {
    const document = parseDocument(
      `<div id="readability-page-1" class="page"><div>${DESCRIPTION}<p>${links(NAMES, (link) => link)}</p></div></div>`,
    );
    try {
      pruneArticle(document.body);
      const text = (document.body.textContent ?? '').replace(/\s+/g, ' ');
      expect(text).toContain('three hundred millilitres');
      expect(text).not.toContain('Curie');
    } finally {
      releaseDocument(document);
    }
  });
});
