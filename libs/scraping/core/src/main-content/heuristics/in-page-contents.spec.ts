import { editedHtml } from '../../dom/dom-document';
import { removeInPageContents } from './in-page-contents';

const PAGE = 'https://blog.example/guides/sourdough?ref=home';
const removeContents = (body: Element): void => removeInPageContents(body, PAGE);

const story =
  '<h2 id="starter">Feed the starter</h2><p>Feed it twice a day for a week before the first loaf.</p>' +
  '<h2 id="bake">Bake</h2><p>Bake in a covered pot for the first twenty minutes.</p>';

describe('tables of contents', () => {
  it('removes a list of links to the page’s own sections, and its title', () => {
    const contents =
      '<div class="toc"><p><strong>Table of Contents</strong></p><ol><li><a href="#starter">Feed the starter</a></li>' +
      `<li><a href="${PAGE}#bake">Bake</a><ol><li><a href="#bake-time">How long</a></li></ol></li></ol></div>`;
    expect(editedHtml(contents + story, removeContents)).toBe(`<div class="toc"></div>${story}`);
  });

  it('removes a title left alone once a script-drawn list is gone', () => {
    expect(editedHtml(`<h2>In this article</h2><nav></nav>${story}`, removeContents)).toBe(`<nav></nav>${story}`);
  });

  it('keeps a title over links to the guide’s other pages, as a manual’s chapters are', () => {
    const kept =
      '<p><b>Table of Contents</b></p><dl><dt><a href="https://blog.example/guides/flour">1. Flour</a></dt>' +
      `<dt><a href="https://blog.example/guides/water">2. Water</a></dt></dl>${story}`;
    expect(editedHtml(kept, removeContents)).toBe(kept);
  });

  it('removes a title standing over the story itself, its list never drawn', () => {
    expect(editedHtml(`<p>Table of Contents</p>${story}`, removeContents)).toBe(story);
  });

  it('keeps lists that link to other pages, short runs of jumps, and jumps inside sentences', () => {
    const kept =
      '<ul><li><a href="https://blog.example/guides/rye">Rye</a></li><li><a href="#bake">Bake</a></li>' +
      '<li><a href="https://blog.example/guides/spelt">Spelt</a></li></ul>' +
      '<ul><li><a href="#starter">Starter</a></li><li><a href="#bake">Bake</a></li></ul>' +
      `<p>See <a href="#starter">the starter</a>, <a href="#bake">baking</a> and <a href="#bake">times</a>.</p>${story}`;
    expect(editedHtml(kept, removeContents)).toBe(kept);
  });

  it('keeps list items that hold more than their link, and a "Contents:" label over what a box holds', () => {
    const kept =
      '<p>Contents:</p><ul><li><a href="#starter">Starter</a>: flour and water kept warm for a week or more</li>' +
      '<li><a href="#bake">Bake</a>: a covered pot in a very hot oven for the first part</li>' +
      `<li><a href="#cool">Cool</a>: on a rack, for an hour at least before cutting it</li></ul>${story}`;
    expect(editedHtml(kept, removeContents)).toBe(kept);
  });
});
