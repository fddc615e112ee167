import { isDroppedByReadability } from './readability-prefilter';

describe('isDroppedByReadability', () => {
  it('drops a block whose class reads like page furniture', () => {
    expect(isDroppedByReadability('div', { class: 'sticky-header' }, ['body'])).toBe(true);
  });

  it('keeps a table whatever its class says', () => {
    expect(isDroppedByReadability('table', { class: 'wikitable sticky-header' }, ['body', 'div'])).toBe(false);
  });

  it('keeps a hidden tab panel, whose text waits for its tab, and drops other hidden blocks', () => {
    expect(isDroppedByReadability('div', { role: 'tabpanel', hidden: '' }, ['body'])).toBe(false);
    expect(isDroppedByReadability('div', { role: 'tabpanel', style: 'display:none' }, ['body'])).toBe(false);
    expect(isDroppedByReadability('div', { hidden: '' }, ['body'])).toBe(true);
  });

  it('keeps a hidden panel labelled by the control that opens it, such as an accordion answer', () => {
    expect(isDroppedByReadability('div', { 'aria-labelledby': 'faq-1-question', hidden: '' }, ['body'])).toBe(false);
  });
});
