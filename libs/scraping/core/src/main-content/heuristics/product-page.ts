import { elementsUnder, nodesFrom } from '../../dom/dom-walk';
import { headingLevel, headingsIn } from '../../dom/headings';
import { schemaTypeDeclaration } from '../../scan/schema-org';

// schema.org types of a page that sells one product, in JSON-LD or microdata. A store marks up the product it sells;
// an article or a catalogue rarely does.
const declaresProductType = schemaTypeDeclaration(['Product', 'ProductGroup', 'IndividualProduct']);
// schema.org types of a page that lists things: a shop's category page marks up each product of its grid, and the list.
const declaresListType = schemaTypeDeclaration(['CollectionPage', 'ItemList', 'OfferCatalog', 'SearchResultsPage']);
// Headings that announce other products than the page's: "Related products", "Similar items", "You may also like",
// "Customers who viewed this item also viewed", "More from this shop", "Frequently bought together", "Complete the
// look", "Pairs well with".
const OTHER_PRODUCTS_HEADING =
  /\b(?:related|similar|also (?:like|love|bought|viewed|enjoy)|customers who|more from|explore more|frequently bought|complete the look|pairs? well)\b/i;
// Headings of customers' reviews of the product. A section so headed is the reviews only when it holds several
// blocks of text, none of them quoted: a paragraph about reviews is prose, and reviews drawn as quotations are
// testimonials the seller chose, part of its pitch.
const REVIEWS_HEADING = /\b(?:reviews?|ratings?)\b/i;
const MIN_REVIEW_BLOCKS = 2;
// Elements that hold a block of text; text in a link or a span belongs to the block around it.
const TEXT_BLOCKS = new Set(['p', 'div', 'li', 'dd', 'td', 'article', 'section']);
// When most of a reading's headings announce other products or reviews, the page is about them (a buyer's guide, a
// round-up, an article about reviews).
const MAX_ANNOUNCING_HEADING_SHARE = 0.5;
const ITEMS = new Set(['li', 'td', 'th']);

/** Whether `heading` titles one item of a list or a cell of a table (a card of a carousel) rather than a section. */
function titlesItem(heading: Element, root: Element): boolean {
  for (let parent = heading.parentElement; parent && parent !== root; parent = parent.parentElement) {
    if (ITEMS.has(parent.localName)) return true;
  }
  return false;
}

/** Whether the `section` below its heading holds several blocks of text and no quotation (see {@link REVIEWS_HEADING}). */
function holdsReviews(section: readonly Node[]): boolean {
  const elements = section.flatMap((node) => (isElement(node) ? [node, ...elementsUnder(node)] : []));
  if (elements.some((element) => element.localName === 'blockquote')) return false;
  return elements.filter(isTextBlock).length >= MIN_REVIEW_BLOCKS;
}

function isElement(node: Node): node is Element {
  return node.nodeType === 1;
}

/** Whether `element` is a block of text with no block inside it: a paragraph, a review drawn as a row of spans. */
function isTextBlock(element: Element): boolean {
  if (!TEXT_BLOCKS.has(element.localName) || !/\S/.test(element.textContent ?? '')) return false;
  return !elementsUnder(element).some((inside) => TEXT_BLOCKS.has(inside.localName));
}

/**
 * Whether the page declares a product for sale (schema.org `Product`), in JSON-LD or microdata, and no list of them: a
 * category page that marks up every product of its grid is a collection.
 */
export function declaresProduct(html: string): boolean {
  return declaresProductType(html) && !declaresListType(html);
}

/**
 * Removes from a product page's reading the sections headed as other products (recommendations, "customers also
 * viewed", more from the shop) or as customers' reviews: each from its heading to the next heading of the same or a
 * higher level, or to the end of the reading, as a reader would take the section to run; headings that title the items
 * of a list or the cells of a table (the cards of a carousel) neither open nor close a section. Left alone when such
 * headings are most of the reading's.
 */
export function removeOtherProductSections(root: Element): void {
  const headings = headingsIn(root).filter((heading) => !titlesItem(heading, root));
  const announcing = new Set(
    headings.filter((heading) => {
      const text = heading.textContent ?? '';
      return OTHER_PRODUCTS_HEADING.test(text) || REVIEWS_HEADING.test(text);
    }),
  );
  if (announcing.size === 0 || announcing.size > MAX_ANNOUNCING_HEADING_SHARE * headings.length) return;
  headings.forEach((heading, index) => {
    // A heading inside a section removed before it has gone with that section.
    if (!announcing.has(heading) || !root.contains(heading)) return;
    const level = headingLevel(heading) ?? 6;
    const end = headings.slice(index + 1).find((next) => root.contains(next) && (headingLevel(next) ?? 6) <= level);
    const section = nodesFrom(heading, end, root);
    if (OTHER_PRODUCTS_HEADING.test(heading.textContent ?? '') || holdsReviews(section.slice(1))) {
      for (const node of section) node.parentNode?.removeChild(node);
    }
  });
}
