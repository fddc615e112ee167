import type { SiteMapLink } from '@wh/contracts';

// What a word is worth where it appears: a site names its pages after their subject, so the path counts most.
const PATH_WORD = 3;
const TITLE_WORD = 2;
const DESCRIPTION_WORD = 1;
/** A word found only inside a longer one ("doc" in "docs") counts for this share of a whole-word match. */
const PARTIAL_SHARE = 0.5;
/** Added when every word of the search is found somewhere, so full matches lead partial ones. */
const ALL_WORDS_BONUS = 2;

/** Lower-cased words of a text: runs of letters and digits in any script. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function decodedPath(url: string): string {
  try {
    const parsed = new URL(url);
    return decodeURIComponent(`${parsed.hostname.split('.').slice(0, -2).join(' ')} ${parsed.pathname}`);
  } catch {
    return url;
  }
}

function fieldScore(fieldWords: readonly string[], word: string, weight: number): number {
  if (fieldWords.includes(word)) return weight;
  return fieldWords.some((candidate) => candidate.includes(word)) ? weight * PARTIAL_SHARE : 0;
}

function relevance(link: SiteMapLink, searchWords: readonly string[]): number {
  const fields: [string[], number][] = [
    [wordsOf(decodedPath(link.url)), PATH_WORD],
    [wordsOf(link.title ?? ''), TITLE_WORD],
    [wordsOf(link.description ?? ''), DESCRIPTION_WORD],
  ];
  let score = 0;
  let found = 0;
  for (const word of searchWords) {
    const wordScore = fields.reduce((sum, [fieldWords, weight]) => sum + fieldScore(fieldWords, word, weight), 0);
    score += wordScore;
    if (wordScore > 0) found += 1;
  }
  return found === searchWords.length && score > 0 ? score + ALL_WORDS_BONUS : score;
}

/**
 * Orders links by relevance to the search words (URL host labels and path, title, description), best first; links
 * of equal relevance, including those matching nothing, keep their discovery order after the matches.
 */
export function rankLinks(links: readonly SiteMapLink[], search: string): SiteMapLink[] {
  const searchWords = [...new Set(wordsOf(search))];
  if (searchWords.length === 0) return [...links];
  return links
    .map((link, order) => ({ link, order, score: relevance(link, searchWords) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ link }) => link);
}
