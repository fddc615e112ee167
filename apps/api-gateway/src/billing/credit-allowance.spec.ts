import { pagesWithinCredits } from './credit-allowance';

describe('pagesWithinCredits', () => {
  it('keeps what fits in the credits left, and everything on an unlimited plan', () => {
    expect(pagesWithinCredits(20, 20, 'crawl limit')).toEqual({ pages: 20 });
    expect(pagesWithinCredits(10_000, null, 'crawl limit')).toEqual({ pages: 10_000 });
  });

  it('cuts to the credits left and says so', () => {
    expect(pagesWithinCredits(50, 20, 'crawl limit')).toEqual({
      pages: 20,
      warning: 'The crawl limit was lowered from 50 to 20, the credits your team has left in this billing period.',
    });
  });

  it('counts pages at their per-page cost: 20 credits pay for 4 pages of 5', () => {
    expect(pagesWithinCredits(4, 20, 'number of URLs', 5)).toEqual({ pages: 4 });
    expect(pagesWithinCredits(10, 22, 'number of URLs', 5)).toEqual({
      pages: 4,
      warning:
        'The number of URLs was lowered from 10 to 4: at 5 credits a page, that is what the credits your team has left in this billing period pay for.',
    });
  });
});
