import { countTokens, fitsInTokens } from './tokens';

describe('fitsInTokens', () => {
  const prose = 'The lamp gives warm light for long evenings at the desk. '.repeat(20);

  it('agrees with the token count whether or not the bytes alone decide', () => {
    const tokens = countTokens(prose);
    expect(Buffer.byteLength(prose)).toBeGreaterThan(tokens);
    expect(fitsInTokens(prose, Buffer.byteLength(prose))).toBe(true);
    expect(fitsInTokens(prose, tokens)).toBe(true);
    expect(fitsInTokens(prose, tokens - 1)).toBe(false);
  });

  it('counts multi-byte text by its UTF-8 bytes, not its UTF-16 length', () => {
    const cjk = '東京の天気は晴れです。'.repeat(30);
    const tokens = countTokens(cjk);
    expect(fitsInTokens(cjk, tokens)).toBe(true);
    expect(fitsInTokens(cjk, tokens - 1)).toBe(false);
  });
});
