import { editedHtml } from '../../dom/dom-document';
import { removeAuthorBoxes } from './author-box';

const story =
  '<article><h1>Council delays the budget vote</h1><p class="byline author">By Jane Doe</p>' +
  '<p>The council voted late on Tuesday, after a debate that ran for more than four hours.</p></article>';
const note = '<p>Jane has covered City Hall since 2009.</p>';

describe('author boxes', () => {
  it.each([
    'author-bio',
    'entry-author-profile author-profile vcard',
    'saboxplugin-wrap',
    'contributor-bio',
    'sno-story-contributor-box',
    'author_desc',
    'about-the-writer',
    'writer-card',
  ])('removes a block named "%s", a box about the writer', (className) => {
    expect(editedHtml(`${story}<div class="${className}">${note}</div>`, removeAuthorBoxes)).toBe(story);
  });

  it.each(['author', 'comment-author', 'post-author', 'authors', 'comment-form-author'])(
    'keeps a block named "%s" (a byline, the writers or a comment)',
    (className) => {
      const page = `${story}<div class="${className}">${note}</div>`;
      expect(editedHtml(page, removeAuthorBoxes)).toBe(page);
    },
  );

  it('removes the box by its id too, and with everything in it, before Readability would drop the names', () => {
    const box =
      '<div id="about-author"><div class="avatar"><img src="jane.jpg"></div>' +
      `<div class="name"><a href="/author/jane">Jane Doe</a></div><div class="desc"><div>${note}</div></div></div>`;
    expect(editedHtml(`${story}${box}`, removeAuthorBoxes)).toBe(story);
  });

  it('keeps a block so named when it holds the headline or more than a box holds', () => {
    const headlined = `<div class="author-box">${story}</div>`;
    expect(editedHtml(headlined, removeAuthorBoxes)).toBe(headlined);
    const long = `<div class="author-profile"><p>${'A profile of the writer that is the page itself. '.repeat(40)}</p></div>`;
    expect(editedHtml(long, removeAuthorBoxes)).toBe(long);
  });
});
