import { elementsUnder } from './dom-walk';

/** The rank of a heading element (1 for `h1`), or undefined for any other element. */
export function headingLevel(element: Element): number | undefined {
  const match = /^h([1-6])$/.exec(element.localName);
  return match ? Number(match[1]) : undefined;
}

/** Every heading inside `root`, in document order. */
export function headingsIn(root: Element): Element[] {
  return elementsUnder(root).filter((element) => headingLevel(element) !== undefined);
}
