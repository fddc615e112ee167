/**
 * A response body as text, refused with the caller's own error once it grows past `maxBytes`, so a misbehaving
 * server cannot fill the process's memory.
 */
export async function readLimited(
  body: AsyncIterable<Buffer>,
  maxBytes: number,
  tooLarge: (maxBytes: number) => Error,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
