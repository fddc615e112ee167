import { closestNamed } from '../dom/dom-walk';
import type { TextMasses } from '../dom/text-measure';
import { measureText } from './content-region';
import { isAuthorBox } from './heuristics/author-box';
import { firstClass, isNamedBoilerplate } from './heuristics/named-boilerplate';
import { isPosterFigures, isPostFurniture, isPostNumber } from './heuristics/post-furniture';

// A block whose text is at least this much link text is a menu, when its links are also short: a listing's links
// are titles of some length, a menu's are a word or two. A table is never taken for a menu: a table of names that
// link to their articles is the content of a list page.
const MENU_LINK_SHARE = 0.85;
const MENU_MIN_LINKS = 5;
const MENU_MAX_CHARS_PER_LINK = 20;
const BLOCKS = new Set(['div', 'section', 'ul', 'ol', 'dl', 'header', 'form', 'p', 'span']);
const SECTIONING = new Set(['article', 'main', 'section', 'aside', 'nav']);
// A region inside one of these belongs to an article or a section, whose <header> heads it rather than the page.
const SECTION_ROOTS = new Set(['article', 'main', 'section']);
const FORMS = new Set(['form']);
// A block named like boilerplate that holds more than this share of the region's text is the content itself.
const NAMED_MAX_REGION_SHARE = 0.5;

function isMenu(element: Element, masses: TextMasses): boolean {
  const mass = masses.get(element);
  if (!mass || mass.links < MENU_MIN_LINKS || mass.headings > 0) return false;
  return mass.linkChars >= MENU_LINK_SHARE * mass.chars && mass.linkChars / mass.links <= MENU_MAX_CHARS_PER_LINK;
}

/**
 * A form without headings that is not most of the region: what is left of a search box, a quick-shop form with its
 * variant pickers, a newsletter sign-up or a log-in box once its controls are gone. A page wrapped whole in one form
 * holds more than that; a form with headings (a calculator's steps, a product's sections of options) is content.
 */
function isMinorForm(element: Element, masses: TextMasses, limit: number): boolean {
  if (element.localName !== 'form') return false;
  const mass = masses.get(element);
  return !mass || (mass.headings === 0 && mass.chars <= limit);
}

/**
 * A label outside any form: the name of a control the pre-filter has dropped ("Colour", "Sort by", "Quantity"), with
 * nothing left to name. Labels inside a form that was kept stay with its content.
 */
function isControlLabel(element: Element): boolean {
  return element.localName === 'label' && closestNamed(element, FORMS) === null;
}

/** A page banner: `role="banner"`, or a `<header>` that belongs to no article or section but to the page. */
function isBanner(element: Element, insideSection: boolean): boolean {
  return element.getAttribute('role') === 'banner' || (element.localName === 'header' && !insideSection);
}

/** How many of `element`'s children start their class with each name. */
function countFirstClasses(element: Element): Map<string, number> {
  const counts = new Map<string, number>();
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
    const name = firstClass(child.getAttribute('class') ?? '');
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

/**
 * Removes the page's banner, the menus, the blocks named as boilerplate (reviews, recommendations, filters...), the
 * posters' cards, signatures and post numbers of a thread, the box about an article's writer, and what is left of
 * forms once their controls are gone (minor forms, labels) inside a content region, in one walk, and returns how many
 * visible characters went. A block with a heading is no menu, because a grid of items or a list of articles (links
 * under headings) is content on a listing page. A block whose class starts like a sibling's is one of a run of like
 * blocks, the items of the content (the reviews of a review round-up, the questions of a FAQ): neither it nor anything
 * in it goes for its name, except a post's furniture.
 *
 * In Readability's article (`readabilityArticle`), names and `<header>`s are left alone: Readability has weighed every
 * block's class and id already and keeps what it judged content under any name (a product's details in a "modal"), and
 * a `<header>` it kept heads the article, not the page. Menus, the remains of forms, posters' cards and the writer's
 * box still go.
 */
export function pruneBoilerplate(region: Element, masses: TextMasses, readabilityArticle = false): number {
  const namedLimit = NAMED_MAX_REGION_SHARE * (masses.get(region)?.chars ?? 0);
  let removedChars = 0;
  const remove = (element: Element): void => {
    removedChars += masses.get(element)?.chars ?? 0;
    element.remove();
  };
  const visit = (element: Element, insideSection: boolean, insideItem: boolean): void => {
    // Counted only once a named block turns up: most elements have none among their children.
    let firstClasses: Map<string, number> | undefined;
    let previousName = '';
    let child = element.firstElementChild;
    let className = child?.getAttribute('class') ?? '';
    while (child) {
      const next = child.nextElementSibling;
      const nextClassName = next?.getAttribute('class') ?? '';
      const name = className ? firstClass(className) : '';
      // Runs of items usually stand side by side, which is cheap to see; a named block looks at all its siblings.
      let item = name !== '' && (name === previousName || (nextClassName !== '' && name === firstClass(nextClassName)));
      if (
        isBanner(child, insideSection) ||
        (BLOCKS.has(child.localName) && isMenu(child, masses)) ||
        isMinorForm(child, masses, namedLimit) ||
        isControlLabel(child) ||
        isPostFurniture(child, className) ||
        isPostNumber(child, masses.get(child)) ||
        isPosterFigures(child, masses.get(child)) ||
        isAuthorBox(child, className)
      ) {
        remove(child);
      } else if (
        !readabilityArticle &&
        !insideItem &&
        !item &&
        (masses.get(child)?.chars ?? 0) <= namedLimit &&
        isNamedBoilerplate(child, className) &&
        !(name !== '' && ((firstClasses ??= countFirstClasses(element)).get(name) ?? 0) > 1)
      ) {
        remove(child);
      } else {
        item ||= name !== '' && (firstClasses?.get(name) ?? 0) > 1;
        visit(child, insideSection || SECTIONING.has(child.localName), insideItem || item);
      }
      previousName = name;
      child = next;
      className = nextClassName;
    }
  };
  const insideSection = SECTIONING.has(region.localName) || closestNamed(region, SECTION_ROOTS) !== null;
  visit(region, readabilityArticle || insideSection, false);
  return removedChars;
}

/**
 * Prunes Readability's article of the menus, form remains and posters' cards it keeps (see {@link pruneBoilerplate}).
 * Its wrappers are not judged themselves, only what they hold: Readability wraps the article in a page `<div>`, and a
 * list page's whole content can read like one long menu. Returns the element below the wrappers and the text masses
 * measured under it before the pruning, for the rules that follow to reuse.
 */
export function pruneArticle(article: Element): { content: Element; masses: TextMasses } {
  let content = article;
  while (content.childElementCount === 1 && content.firstElementChild) content = content.firstElementChild;
  const masses: TextMasses = new Map();
  measureText(content, masses);
  pruneBoilerplate(content, masses, true);
  return { content, masses };
}
