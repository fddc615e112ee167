import { contentChanged, normaliseLine } from './change-comparison';

const PAGE = ['# Pricing', '', 'Starter plan: 9 EUR a month', '', '- Feature A', '- Feature B', '- Feature C'].join(
  '\n',
);

describe('the change-tracking comparison rule', () => {
  it('sees no change in whitespace: spacing, indentation, blank lines and line endings', () => {
    const respaced = [
      '#   Pricing',
      '',
      '',
      '  Starter plan:   9 EUR a month  ',
      '- Feature A',
      '-\tFeature B',
      '- Feature C',
      '',
    ].join('\n');
    expect(contentChanged(PAGE, respaced)).toBe(false);
    expect(contentChanged(PAGE, PAGE.replace(/\n/g, '\r\n'))).toBe(false);
  });

  it('sees no change when lines only moved', () => {
    const reordered = ['# Pricing', '- Feature C', '- Feature A', 'Starter plan: 9 EUR a month', '- Feature B'].join(
      '\n',
    );
    expect(contentChanged(PAGE, reordered)).toBe(false);
  });

  it('sees a change in a price, a word, an added line and a removed line', () => {
    expect(contentChanged(PAGE, PAGE.replace('9 EUR', '12 EUR'))).toBe(true);
    expect(contentChanged(PAGE, PAGE.replace('Feature B', 'Feature D'))).toBe(true);
    expect(contentChanged(PAGE, `${PAGE}\n- Feature D`)).toBe(true);
    expect(contentChanged(PAGE, PAGE.replace('- Feature C', ''))).toBe(true);
  });

  it('sees a volatile line that moved and changed its value as the same, and one whose words changed as a change', () => {
    const stamped = `Updated 2026-11-24T08:00:00Z\n${PAGE}`;
    expect(contentChanged(stamped, `${PAGE}\nUpdated 2026-11-25T09:30:00Z`)).toBe(false);
    expect(contentChanged(stamped, `${PAGE}\nRevised 2026-11-25T09:30:00Z`)).toBe(true);
  });

  it('counts a repeated line: a duplicated item is a change', () => {
    expect(contentChanged(PAGE, `${PAGE}\n- Feature C`)).toBe(true);
  });

  it.each([
    ['an ISO timestamp', 'Generated at 2026-11-25T14:03:11.402Z', 'Generated at 2026-11-25T14:05:59.001Z'],
    ['a date with a month name', 'Updated 25 November 2026', 'Updated 26 November 2026'],
    ['a US date with a weekday', 'Tuesday, Nov 24, 2026', 'Wednesday, Nov 25, 2026'],
    ['a numeric date', 'As of 24/11/2026', 'As of 25/11/2026'],
    ['a clock time', 'Last checked 09:14 am', 'Last checked 11:02 pm'],
    ['a relative time', 'Posted 5 minutes ago', 'Posted 2 hours ago'],
    ['another relative time', 'Edited just now', 'Edited yesterday'],
    ['a view counter', 'This post has 1,204 views', 'This post has 1,311 views'],
    ['a labelled counter', 'Downloads: 40,120', 'Downloads: 40,977'],
    ['people online', '17 online', '23 online'],
    ['a copyright year', '© 2025 Example Ltd', '© 2026 Example Ltd'],
    ['a copyright range', 'Copyright 2019-2025 Example', 'Copyright 2019-2026 Example'],
    ['a CSRF token in a link', '[Log out](/logout?csrf=a81f2c)', '[Log out](/logout?csrf=99be01)'],
    ['a cache-busting query', '![logo](/logo.png?cb=1732540000)', '![logo](/logo.png?cb=1732541234)'],
    ['a long random token', 'session 4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c', 'session 0a1b2c3d4e5f60718293a4b5c6d7e8f9'],
    ['a UUID', 'request 1b4e28ba-2fa1-11d2-883f-0016d3cca427', 'request 6fa459ea-ee8a-3ca4-894e-db77e160355e'],
  ])('masks %s, which changes on every load', (_name, before, after) => {
    expect(contentChanged(`${PAGE}\n${before}`, `${PAGE}\n${after}`)).toBe(false);
  });

  it.each([
    ['a version number', 'Latest release: 1.10.2', 'Latest release: 1.10.3'],
    ['a stock count', '5 left in stock', '4 left in stock'],
    [
      'a slug with digits',
      '[Read](/posts/elections-2024-results-by-region)',
      '[Read](/posts/elections-2028-results-by-region)',
    ],
    ['a path', '[Docs](/docs/api/v2/reference)', '[Docs](/docs/api/v3/reference)'],
    ['a year that is not a copyright', 'Founded in 1998', 'Founded in 1999'],
  ])('keeps %s, which monitors watch', (_name, before, after) => {
    expect(contentChanged(`${PAGE}\n${before}`, `${PAGE}\n${after}`)).toBe(true);
  });

  it('puts masks where the volatile values were, so the rest of the line still counts', () => {
    expect(normaliseLine('  Updated 2026-11-25   by  Ann ')).toBe('Updated <date> by Ann');
    expect(normaliseLine('Posted 3 hours ago, 12 comments')).toBe('Posted <ago>, <count>');
  });
});
