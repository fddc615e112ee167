import { extractCredits } from './extract-credits';

describe('extractCredits', () => {
  it('charges the model tokens at 15 a credit, rounded up, and not the pages read for them', () => {
    expect(extractCredits({ tokens: 0, pagesRead: 3, usedModel: true })).toBe(0);
    expect(extractCredits({ tokens: 15, pagesRead: 3, usedModel: true })).toBe(1);
    expect(extractCredits({ tokens: 16, pagesRead: 3, usedModel: true })).toBe(2);
    expect(extractCredits({ tokens: 4_500, pagesRead: 1, usedModel: true })).toBe(300);
  });

  it('charges a credit per page read when no model answered', () => {
    expect(extractCredits({ tokens: 0, pagesRead: 4, usedModel: false })).toBe(4);
  });
});
