import { closestNamed, foldedText, textNodesUnder } from '../../dom/dom-walk';
import { visibleChars } from '../../dom/text-measure';

/** A kind of short note sites print beside their content (a disclosure, a cookie banner, a legal line). */
export interface ShortNoticeKind {
  /** Looked for in the content's whole text first: most pages hold none, and then no text node is read. */
  readonly word: RegExp;
  /** A text node that may belong to such a note: only then is its block read. */
  readonly inText: RegExp;
  /** The elements that hold a whole note. */
  readonly blocks: ReadonlySet<string>;
  /** Longer blocks that read like a note are content speaking of the same thing, and stay. */
  readonly maxChars: number;
  /** Whether a block's folded text is such a note. */
  isNotice(text: string): boolean;
}

/** Removes from `content` each block of at most `kind.maxChars` visible characters that reads as `kind`'s note. */
export function removeShortNotices(content: Element, kind: ShortNoticeKind): void {
  if (!kind.word.test(content.textContent ?? '')) return;
  for (const text of textNodesUnder(content)) {
    if (!kind.inText.test(text.nodeValue ?? '')) continue;
    const notice = closestNamed(text.parentElement, kind.blocks);
    if (!notice || notice === content || !content.contains(notice) || visibleChars(notice) > kind.maxChars) continue;
    if (kind.isNotice(foldedText(notice))) notice.remove();
  }
}
