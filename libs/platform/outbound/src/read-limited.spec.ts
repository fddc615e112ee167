import { readLimited } from './read-limited';

async function* chunks(...parts: string[]): AsyncIterable<Buffer> {
  for (const part of parts) yield Buffer.from(part);
}

describe('readLimited', () => {
  it('joins the chunks of a body within the limit', async () => {
    expect(await readLimited(chunks('he', 'llo'), 5, () => new Error('too large'))).toBe('hello');
  });

  it("throws the caller's error once the body passes the limit", async () => {
    await expect(readLimited(chunks('hel', 'lo!'), 5, (max) => new Error(`over ${max}`))).rejects.toThrow('over 5');
  });
});
