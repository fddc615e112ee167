/** URLs of a `srcset`: whitespace separates a URL from its descriptors, a comma ends a candidate. */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  let expectUrl = true;
  for (let token of srcset.split(/\s+/)) {
    if (!expectUrl) {
      const comma = token.indexOf(',');
      if (comma < 0) continue;
      // A descriptor glued to the next candidate: "1x,next.jpg".
      token = token.slice(comma + 1);
    }
    const url = token.replace(/^,+|,+$/g, '');
    if (url) urls.push(url);
    expectUrl = !url || token.endsWith(',');
  }
  return urls;
}
