import { editedHtml } from '../../dom/dom-document';
import { removeNamedDisclaimers } from './named-disclaimers';

const STORY =
  '<p>The council voted on the budget late on Tuesday, after a debate that ran for more than four hours.</p>' +
  '<p>Residents who spoke against it said the plan had been rushed through without a consultation.</p>';

describe('named disclaimers', () => {
  it.each([
    ['a block classed as a disclaimer', '<div class="disclaimer">All investing is subject to risk.</div>'],
    ['a BEM-named disclaimer', '<div class="cmp-richtext--disclaimer"><p>Past performance is no guarantee.</p></div>'],
    ["a shop button's note", '<span class="btn-disclaimer">Links to Amazon.com</span>'],
    ['a block with a disclaimer id', '<p id="disclaimer">We are not a law firm.</p>'],
  ])('removes %s', (_name, block) => {
    expect(editedHtml(`${STORY}${block}`, removeNamedDisclaimers)).toBe(STORY);
  });

  it.each([
    ['a paragraph that mentions a disclaimer', '<p>The fund added a disclaimer to its report.</p>'],
    ['a class that only contains the word', '<div class="nodisclaimers">Read the terms.</div>'],
  ])('keeps %s', (_name, block) => {
    const body = `${STORY}${block}`;
    expect(editedHtml(body, removeNamedDisclaimers)).toBe(body);
  });

  it('keeps a story wrapped whole in a block named as a disclaimer', () => {
    const body = `<div class="disclaimer-wrap">${STORY}</div>`;
    expect(editedHtml(body, removeNamedDisclaimers)).toBe(body);
  });
});
