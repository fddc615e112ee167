import { isDroppedByReadability, isUnlikelyByName } from './readability-prefilter';

describe('isDroppedByReadability', () => {
  it('drops what is not content by its name or role, whatever its class', () => {
    expect(isDroppedByReadability('nav', {})).toBe(true);
    expect(isDroppedByReadability('div', { role: 'navigation' })).toBe(true);
    expect(isDroppedByReadability('div', { class: 'sidebar' })).toBe(false);
  });

  it('keeps a hidden tab panel, whose text waits for its tab, and drops other hidden blocks', () => {
    expect(isDroppedByReadability('div', { role: 'tabpanel', hidden: '' })).toBe(false);
    expect(isDroppedByReadability('div', { role: 'tabpanel', style: 'display:none' })).toBe(false);
    expect(isDroppedByReadability('div', { hidden: '' })).toBe(true);
  });

  it('drops a block a CSS framework hides at every width, but not one it shows from some width on', () => {
    expect(isDroppedByReadability('div', { class: 'd-none', itemprop: 'datePublished' })).toBe(true);
    expect(isDroppedByReadability('span', { class: 'meta d-none small' })).toBe(true);
    expect(isDroppedByReadability('div', { class: 'd-none d-md-block' })).toBe(false);
    expect(isDroppedByReadability('div', { class: 'd-none-on-print' })).toBe(false);
    expect(isDroppedByReadability('ul', { class: 'mobile-subnav__list hide' })).toBe(true);
    expect(isDroppedByReadability('div', { class: 'hero-overlay hide show@medium' })).toBe(false);
    expect(isDroppedByReadability('div', { class: 'hide-for-small' })).toBe(false);
  });

  it('keeps a hidden panel labelled by the control that opens it, such as an accordion answer', () => {
    expect(isDroppedByReadability('div', { 'aria-labelledby': 'faq-1-question', hidden: '' })).toBe(false);
  });

  it("keeps an accordion's panel hidden from screen readers when a control names it, and nothing else so hidden", () => {
    const panel = { id: 'faq-1', class: 'accordion__content accordion--closed', 'aria-hidden': 'true' };
    expect(isDroppedByReadability('div', panel, true)).toBe(false);
    expect(isDroppedByReadability('div', panel, false)).toBe(true);
    expect(isDroppedByReadability('div', { id: 'menu', class: 'mobile-menu', 'aria-hidden': 'true' }, true)).toBe(true);
    expect(isDroppedByReadability('div', { ...panel, style: 'display: none' }, true)).toBe(true);
  });
});

describe('isUnlikelyByName', () => {
  it('names a block whose class reads like page furniture', () => {
    expect(isUnlikelyByName('div', { class: 'sticky-header' }, ['body'])).toBe(true);
    expect(isUnlikelyByName('div', { class: 'main-comments' }, ['body'])).toBe(false);
  });

  it('on a discussion page, names comments and replies as its posts but a sidebar or a footer still as furniture', () => {
    expect(isUnlikelyByName('div', { class: 'comment-list' }, ['body'], true)).toBe(false);
    expect(isUnlikelyByName('li', { id: 'replies-42' }, ['body'], true)).toBe(false);
    expect(isUnlikelyByName('div', { class: 'forum-sidebar' }, ['body'], true)).toBe(true);
    expect(isUnlikelyByName('div', { class: 'comment-footer' }, ['body'], true)).toBe(true);
    expect(isUnlikelyByName('div', { class: 'comment-list' }, ['body'])).toBe(true);
  });

  it("reads a heading's class but not its id, which is its own text as an anchor", () => {
    expect(isUnlikelyByName('h2', { id: 'h-what-is-social-shopping' }, ['body', 'div'])).toBe(false);
    expect(isUnlikelyByName('h3', { class: 'sidebar-title', id: 'topics' }, ['body', 'div'])).toBe(true);
    expect(isUnlikelyByName('div', { id: 'social-links' }, ['body'])).toBe(true);
  });

  it("does not read a heading's class calling it a block's header as the page's header", () => {
    expect(isUnlikelyByName('h2', { class: 'section-header' }, ['body', 'div'])).toBe(false);
    expect(isUnlikelyByName('h3', { class: 'header-anchor-post' }, ['body', 'div'])).toBe(false);
    expect(isUnlikelyByName('h3', { class: 'header-anchor-post sidebar' }, ['body', 'div'])).toBe(true);
    expect(isUnlikelyByName('div', { class: 'section-header' }, ['body'])).toBe(true);
  });

  it('does not read utility classes that weigh or space text ("font-extrabold") as extras beside the content', () => {
    expect(isUnlikelyByName('p', { class: 'text-xl font-extrabold' }, ['body', 'div'])).toBe(false);
    expect(isUnlikelyByName('div', { class: 'leading-extra-tight' }, ['body'])).toBe(false);
    expect(isUnlikelyByName('span', { class: 'summary-item__dek--extra-spacing' }, ['body', 'div'])).toBe(false);
    expect(isUnlikelyByName('div', { class: 'extra-links' }, ['body'])).toBe(true);
    expect(isUnlikelyByName('div', { class: 'font-extrabold sidebar' }, ['body'])).toBe(true);
  });

  it('never names a table, whatever its class says', () => {
    expect(isUnlikelyByName('table', { class: 'wikitable sticky-header' }, ['body', 'div'])).toBe(false);
  });
});
