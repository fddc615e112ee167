import { textNodesUnder } from './dom-walk';

/** Visible text under an element, and how much of it sits inside links. */
export interface TextMass {
  chars: number;
  linkChars: number;
  links: number;
  headings: number;
}

/** Text masses of every element under a root, measured in one walk (main-content/content-region.ts). */
export type TextMasses = Map<Element, TextMass>;

/** Whether a UTF-16 code unit is white space as the regular expression `\s` reads it. */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * `compactText(text).length`, counted without building the compacted copy: text sizes are read for every element and
 * text node of a page, and a copy (or a match per character) of each costs more than the count.
 */
export function visibleCharCount(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index += 1) if (!isSpace(text.charCodeAt(index))) count += 1;
  return count;
}

/** Each text node under `root` in document order, with how many visible characters of `root` stand before it. */
export function* textsWithCharsBefore(root: Element): Generator<{ text: Text; charsBefore: number }> {
  let charsBefore = 0;
  for (const text of textNodesUnder(root)) {
    yield { text, charsBefore };
    charsBefore += visibleCharCount(text.nodeValue ?? '');
  }
}

/** Visible characters of an element's whole text, measured on its own rather than in a walk that measures them all. */
export function visibleChars(element: Element): number {
  return visibleCharCount(element.textContent ?? '');
}

/** `text` without its white space: what two copies of a text have in common however they were laid out. */
export function compactText(text: string): string {
  return text.replace(/\s+/g, '');
}

/**
 * `compactText` of the text of `root` and of every element under it, into `texts`, in one walk: reading each
 * element's `textContent` on its own walks every text as many times as it has ancestors.
 */
export function compactTextsUnder(root: Element, texts: Map<Element, string>): string {
  let text = '';
  for (let child = root.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3) text += compactText(child.nodeValue ?? '');
    else if (child.nodeType === 1) text += compactTextsUnder(child as Element, texts);
  }
  texts.set(root, text);
  return text;
}

/** Visible characters of an HTML fragment, read without a DOM: its tags and white space aside. */
export function fragmentChars(html: string): number {
  return visibleCharCount(html.replace(/<[^>]*>/g, ''));
}
