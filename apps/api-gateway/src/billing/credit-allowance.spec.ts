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
});
