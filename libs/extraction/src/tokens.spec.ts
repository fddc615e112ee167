import { countRecurringTokens, countTokens, fitsInTokens, messageTokens } from './tokens';

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

describe('recurring texts', () => {
  it('counts a remembered text as countTokens does, every time it comes back', () => {
    const schema = JSON.stringify({ type: 'object', properties: { title: { type: 'string' } } });
    expect(countRecurringTokens(schema)).toBe(countTokens(schema));
    expect(countRecurringTokens(schema)).toBe(countTokens(schema));
  });

  it('counts a prompt as its system and user messages', () => {
    const messages = { system: 'You extract data. '.repeat(40), user: 'Page: https://shop.test/lamp' };
    expect(messageTokens(messages)).toBe(countTokens(messages.system) + countTokens(messages.user));
    expect(messageTokens(messages)).toBe(countTokens(messages.system) + countTokens(messages.user));
  });
});
