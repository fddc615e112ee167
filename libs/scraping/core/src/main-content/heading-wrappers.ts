import { headingsIn } from '../dom/headings';

// The blocks Readability cleans conditionally that page builders wrap single headings in.
const WRAPPERS = new Set(['div', 'section']);
const MEDIA = 'img, picture, video, audio, iframe, embed, object';

/**
 * Takes out of `root` the blocks that hold nothing but one heading, leaving each heading where its wrapper stood.
 * Readability's last cleaning removes a block holding no text of the kinds it counts (paragraphs, list items, spans,
 * cells; headings are not among them), so a `<div>` that only wraps a heading goes with the heading; page builders wrap
 * headings so (a heading widget's container, an accordion's title bar).
 */
export function unwrapHeadingWrappers(root: Element): void {
  for (const heading of headingsIn(root)) {
    if (!heading.textContent?.trim()) continue;
    let wrapper = heading.parentElement;
    while (wrapper && wrapper !== root && WRAPPERS.has(wrapper.localName) && holdsNothingBeside(wrapper, heading)) {
      const outer = wrapper.parentElement;
      wrapper.replaceWith(...Array.from(wrapper.childNodes));
      wrapper = outer;
    }
  }
}

/** Whether `wrapper` holds no text and no media beside its child `wrapped`. */
function holdsNothingBeside(wrapper: Element, wrapped: Element): boolean {
  for (let node = wrapper.firstChild; node; node = node.nextSibling) {
    if (node === wrapped) continue;
    if (node.nodeType === node.TEXT_NODE && node.nodeValue?.trim()) return false;
    if (node.nodeType !== node.ELEMENT_NODE) continue;
    const element = node as Element;
    if (element.textContent?.trim() || element.matches(MEDIA) || element.querySelector(MEDIA)) return false;
  }
  return true;
}

/** The step of @mozilla/readability 0.6 that cleans the article it has taken (outside its typed API). */
interface ArticlePreparation {
  _prepArticle(content: Element): void;
}

/**
 * Has `reader` unwrap the headings of the article it took ({@link unwrapHeadingWrappers}) just before cleaning it:
 * after its choice of the article, which the wrappers' depth takes part in, and before the cleaning that drops them.
 */
export function keepWrappedHeadings(reader: object): void {
  const preparation = reader as ArticlePreparation;
  const prepare = preparation._prepArticle.bind(reader);
  preparation._prepArticle = (content) => {
    unwrapHeadingWrappers(content);
    prepare(content);
  };
}
