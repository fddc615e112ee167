/**
 * A test of whether a page declares one of the schema.org `types`, as a JSON-LD `@type` or a microdata `itemtype`. It
 * reads the page's HTML as it came, before any parsing: what the page says it is decides how it is read.
 */
export function schemaTypeDeclaration(types: readonly string[]): (html: string) => boolean {
  const names = types.join('|');
  const jsonLd = new RegExp(String.raw`"@type"\s*:\s*\[?\s*"(?:https?:\/\/schema\.org\/)?(?:${names})"`);
  const microdata = new RegExp(String.raw`itemtype\s*=\s*["']?https?:\/\/schema\.org\/(?:${names})\b`, 'i');
  return (html) => jsonLd.test(html) || microdata.test(html);
}
