// Headers that describe one connection, not the message: a proxy consumes them and never passes them on
// (RFC 9110 section 7.6.1). Transfer-Encoding goes too: Node frames the body it forwards anew.
const HOP_BY_HOP = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Raw headers (name, value, name, value...) without the hop-by-hop ones and those the Connection header names:
 * what a proxy passes on of a request or a response.
 */
export function endToEndHeaders(rawHeaders: readonly string[]): string[] {
  const named = new Set(HOP_BY_HOP);
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (rawHeaders[index]?.toLowerCase() !== 'connection') continue;
    for (const token of (rawHeaders[index + 1] ?? '').split(',')) named.add(token.trim().toLowerCase());
  }
  const kept: string[] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = rawHeaders[index] ?? '';
    if (!named.has(name.toLowerCase())) kept.push(name, rawHeaders[index + 1] ?? '');
  }
  return kept;
}
