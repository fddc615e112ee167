import { countTokens, fitsInTokens } from '../tokens';

const SEPARATOR = '\n\n';
/** Tokens allowed for each join of two pieces ("\n\n" and a merge across the seam). */
const SEPARATOR_TOKENS = 2;

/**
 * Splits markdown into chunks of at most `budgetTokens` tokens each: at headings first, then at paragraphs, then at
 * lines, and only a single line longer than the budget is cut inside. Neighbouring pieces are packed together up to
 * the budget, in order. Code fences are never split at a heading or blank line inside them.
 */
export function chunkMarkdown(markdown: string, budgetTokens: number): string[] {
  if (budgetTokens < 16) throw new Error(`a chunk budget of ${budgetTokens} tokens is too small`);
  const text = markdown.trim();
  if (text.length === 0) return [];
  if (fitsInTokens(text, budgetTokens)) return [text];
  const pieces = splitToFit(text, budgetTokens, 0);
  return pack(pieces, budgetTokens);
}

interface Piece {
  text: string;
  tokens: number;
}

const SPLITTERS: Array<(text: string) => string[]> = [splitAtHeadings, splitAtBlankLines, (text) => text.split('\n')];

function splitToFit(text: string, budget: number, level: number): Piece[] {
  const tokens = countTokens(text);
  if (tokens <= budget) return [{ text, tokens }];
  if (level >= SPLITTERS.length) return cutLine(text, budget);
  const parts = SPLITTERS[level](text).filter((part) => part.trim().length > 0);
  if (parts.length <= 1) return splitToFit(text, budget, level + 1);
  return parts.flatMap((part) => splitToFit(part, budget, level + 1));
}

function pack(pieces: Piece[], budget: number): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let used = 0;
  for (const piece of pieces) {
    const cost = current.length === 0 ? piece.tokens : used + SEPARATOR_TOKENS + piece.tokens;
    if (current.length > 0 && cost > budget) {
      chunks.push(current.join(SEPARATOR));
      current = [piece.text];
      used = piece.tokens;
    } else {
      current.push(piece.text);
      used = cost;
    }
  }
  if (current.length > 0) chunks.push(current.join(SEPARATOR));
  return chunks;
}

/** Sections, each starting at a heading line (outside code fences). */
function splitAtHeadings(text: string): string[] {
  return splitLines(text, (line) => /^#{1,6}\s/.test(line), 'before');
}

/** Paragraphs: runs of lines between blank lines (outside code fences). */
function splitAtBlankLines(text: string): string[] {
  return splitLines(text, (line) => line.trim() === '', 'drop');
}

function splitLines(text: string, isBoundary: (line: string) => boolean, mode: 'before' | 'drop'): string[] {
  const parts: string[] = [];
  let current: string[] = [];
  let inFence = false;
  const flush = (): void => {
    const part = current.join('\n').replace(/^(\s*\n)+|(\n\s*)+$/g, '');
    if (part.length > 0) parts.push(part);
  };
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (!inFence && isBoundary(line) && !/^\s*(```|~~~)/.test(line)) {
      flush();
      current = mode === 'before' ? [line] : [];
      continue;
    }
    current.push(line);
  }
  flush();
  return parts;
}

/** A line longer than the budget, cut at word boundaries where possible into pieces within it. */
function cutLine(text: string, budget: number): Piece[] {
  const pieces: Piece[] = [];
  let rest = text;
  while (rest.length > 0) {
    const restTokens = countTokens(rest);
    if (restTokens <= budget) {
      pieces.push({ text: rest, tokens: restTokens });
      break;
    }
    // Characters per token vary (prose ~4, URLs and CJK far fewer): shrink from a first guess until it fits.
    let end = Math.max(1, Math.floor((rest.length * budget) / restTokens));
    let candidate = cutAtSpace(rest, end);
    let tokens = countTokens(candidate);
    while (tokens > budget && end > 1) {
      end = Math.max(1, Math.floor(end * 0.9));
      candidate = cutAtSpace(rest, end);
      tokens = countTokens(candidate);
    }
    pieces.push({ text: candidate, tokens });
    rest = rest.slice(candidate.length);
  }
  return pieces;
}

function cutAtSpace(text: string, end: number): string {
  const space = text.lastIndexOf(' ', end);
  return space > end / 2 ? text.slice(0, space + 1) : text.slice(0, end);
}

/** The longest start of `text` within `budgetTokens`, cut at a paragraph, line or word where possible. */
export function trimToTokens(text: string, budgetTokens: number): { text: string; trimmed: boolean } {
  if (fitsInTokens(text, budgetTokens)) return { text, trimmed: false };
  const [first] = chunkMarkdown(text, budgetTokens);
  return { text: first ?? '', trimmed: true };
}
