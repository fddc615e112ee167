import { isDroppedByReadability } from './readability-prefilter';

describe('isDroppedByReadability', () => {
  it('drops a block whose class reads like page furniture', () => {
    expect(isDroppedByReadability('div', { class: 'sticky-header' }, ['body'])).toBe(true);
  });

  it('keeps a table whatever its class says', () => {
    expect(isDroppedByReadability('table', { class: 'wikitable sticky-header' }, ['body', 'div'])).toBe(false);
  });
});
