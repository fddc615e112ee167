/** Visible text under an element, and how much of it sits inside links. */
export interface TextMass {
  chars: number;
  linkChars: number;
  links: number;
  headings: number;
}

/** Text masses of every element under a root, measured in one walk (main-content/content-region.ts). */
export type TextMasses = Map<Element, TextMass>;

/** Visible characters of an element's whole text, measured on its own rather than in a walk that measures them all. */
export function visibleChars(element: Element): number {
  return compactText(element.textContent ?? '').length;
}

/** `text` without its white space: what two copies of a text have in common however they were laid out. */
export function compactText(text: string): string {
  return text.replace(/\s+/g, '');
}

/** Visible characters of an HTML fragment, read without a DOM: its tags and white space aside. */
export function fragmentChars(html: string): number {
  return compactText(html.replace(/<[^>]*>/g, '')).length;
}
