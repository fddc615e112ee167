import { SeededRandom } from '../prng';
import { phrase, sentences } from '../prose';
import type { FixtureRoute } from '../routing';
import { numberParam, send } from '../routing';

const MAX_MB = 64;
const OPENING = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>A very long report</title>
</head>
<body>
<main>
<h1>A very long report</h1>
`;
const CLOSING = '</main>\n</body>\n</html>\n';

/** About `bytes` of HTML: numbered sections of generated paragraphs, identical for the same size. */
export function hugePage(bytes: number): Buffer {
  const random = new SeededRandom(bytes);
  const parts = [OPENING];
  const target = bytes - CLOSING.length;
  let length = OPENING.length;
  for (let section = 1; length < target; section++) {
    const heading = `<h2>${section}. ${phrase(random, 4)}</h2>\n`;
    parts.push(heading);
    length += heading.length;
    for (let paragraph = 0; paragraph < 6 && length < target; paragraph++) {
      const text = `<p>${sentences(random, random.int(3, 7))}</p>\n`;
      parts.push(text);
      length += text.length;
    }
  }
  parts.push(CLOSING);
  return Buffer.from(parts.join(''), 'utf8');
}

/** `/huge?mb=N`: an HTML page of about N MB (fractions allowed) of real paragraphs. */
export const hugeRoutes: FixtureRoute[] = [
  {
    pattern: '/huge',
    handle: ({ res, url }) => {
      const megabytes = numberParam(url, 'mb', 5, 0, MAX_MB);
      send(res, 200, { 'content-type': 'text/html; charset=utf-8' }, hugePage(Math.round(megabytes * 1024 * 1024)));
    },
  },
];
