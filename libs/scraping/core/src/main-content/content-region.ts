import { type TextMass, type TextMasses, visibleCharCount } from '../dom/text-measure';
import { isSignature } from './heuristics/post-furniture';

// Link text counts for half: item grids and listings are links, navigation is links too; plain text decides.
const LINK_WEIGHT = 0.5;
// The region narrows to a child only while that child holds at least this share of its parent's weighted text.
const DESCEND_SHARE = 0.66;
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
// A <main> with less of the page's text than this is a stub (an empty shell filled by scripts, a hero banner).
const LANDMARK_MIN_SHARE = 0.15;
// Only these are narrowed into: a paragraph, heading or list item is one block of the content, never the whole of it.
const CONTAINERS = new Set(['div', 'section', 'main', 'article', 'ul', 'ol', 'dl', 'table', 'tbody', 'form', 'center']);
const WEIGHTLESS: TextMass = { chars: 0, linkChars: 0, links: 0, headings: 0 };

// A block with at least this many siblings of its own element and class is one item of a run: a post of a thread.
const MIN_RUN_SIBLINGS = 2;

/**
 * Measures `root` and everything under it into `masses`; `insideLink` says whether `root` sits in an `<a>`. Elements
 * that declare themselves the page's main content (`<main>`, `role="main"`) are collected into `landmarks` on the way.
 * A post's signature weighs nothing: a long one under a short reply would draw the region into itself, away from the
 * thread, and it is pruned from the region anyway (heuristics/post-furniture.ts).
 */
export function measureText(
  root: Element,
  masses: TextMasses,
  landmarks: Element[] = [],
  insideLink = false,
): TextMass {
  const mass: TextMass = { chars: 0, linkChars: 0, links: 0, headings: 0 };
  const inLink = insideLink || root.localName === 'a';
  if (root.localName === 'a') mass.links += 1;
  if (HEADINGS.has(root.localName)) mass.headings += 1;
  if (root.localName === 'main' || root.getAttribute('role') === 'main') landmarks.push(root);
  for (let child = root.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3) {
      const chars = visibleCharCount(child.nodeValue ?? '');
      mass.chars += chars;
      if (inLink) mass.linkChars += chars;
    } else if (child.nodeType === 1) {
      const inner = measureText(child as Element, masses, landmarks, inLink);
      if (isSignature(child as Element)) {
        masses.set(child as Element, WEIGHTLESS);
        continue;
      }
      mass.chars += inner.chars;
      mass.linkChars += inner.linkChars;
      mass.links += inner.links;
      mass.headings += inner.headings;
    }
  }
  masses.set(root, mass);
  return mass;
}

/** Text that reads as content: plain text in full, link text at a discount. */
export function weightedText(mass: TextMass | undefined): number {
  return mass ? mass.chars - mass.linkChars * (1 - LINK_WEIGHT) : 0;
}

/**
 * The landmark holding the most text, when it holds a fair share of the page's: the page says where its content is
 * and everything outside (site header, menus, footer) is not it.
 */
export function mainLandmark(
  landmarks: readonly Element[],
  masses: TextMasses,
  pageChars: number,
): Element | undefined {
  let best: Element | undefined;
  for (const landmark of landmarks) {
    if ((masses.get(landmark)?.chars ?? 0) > (best ? (masses.get(best)?.chars ?? 0) : 0)) best = landmark;
  }
  return best && (masses.get(best)?.chars ?? 0) >= LANDMARK_MIN_SHARE * pageChars ? best : undefined;
}

/**
 * The smallest element that still holds most of the page's text: starting at `root`, narrow to the child with the
 * most weighted text for as long as that child holds most of its parent's. Pages made of many blocks (posts of a
 * thread, items of a grid, sections of a service page) stop at the element around all the blocks, where an
 * article-centred extractor would settle on one block. With `keepRunsWhole` (on a discussion page) it never narrows
 * into one item of a run of like blocks: one post can hold most of a thread's text (a long log, a long answer), yet
 * it is one post of many. Elsewhere such a run is as often a page's layout (sections, columns) as its content. Nor does
 * it narrow past `keptBlock` (a question-and-answer page's question), leaving it out: the answers below a short
 * question hold most of the text, yet they answer it.
 */
export function findContentRegion(
  root: Element,
  masses: TextMasses,
  keepRunsWhole = false,
  keptBlock?: Element,
): Element {
  let region = root;
  for (;;) {
    const total = weightedText(masses.get(region));
    let best: Element | undefined;
    let bestWeight = 0;
    for (const child of Array.from(region.children)) {
      if (!CONTAINERS.has(child.localName)) continue;
      const weight = weightedText(masses.get(child));
      if (weight > bestWeight) {
        best = child;
        bestWeight = weight;
      }
    }
    if (!best || bestWeight < total * DESCEND_SHARE || (keepRunsWhole && isRunItem(best))) return region;
    if (keptBlock && region.contains(keptBlock) && !best.contains(keptBlock)) return region;
    region = best;
  }
}

/**
 * Whether `element` is one of a run of like blocks: enough siblings of its element with the very same class. Posts of
 * a thread are drawn alike; a thread's block among other blocks of a page ("block block--messages" beside
 * "block block--similar") shares a first class with them but not its whole class.
 */
function isRunItem(element: Element): boolean {
  const className = element.getAttribute('class')?.trim() ?? '';
  if (className === '') return false;
  let like = 0;
  for (let sibling = element.parentElement?.firstElementChild; sibling; sibling = sibling.nextElementSibling) {
    if (sibling === element || sibling.localName !== element.localName) continue;
    if (sibling.getAttribute('class')?.trim() === className) like += 1;
    if (like >= MIN_RUN_SIBLINGS) return true;
  }
  return false;
}

/** Visible characters of the largest child of `region` that is one item of a run of like blocks, or 0. */
export function largestRunItemChars(region: Element, masses: TextMasses): number {
  let largest = 0;
  for (let child = region.firstElementChild; child; child = child.nextElementSibling) {
    const chars = masses.get(child)?.chars ?? 0;
    if (chars > largest && isRunItem(child)) largest = chars;
  }
  return largest;
}
