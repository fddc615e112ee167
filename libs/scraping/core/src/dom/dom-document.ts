import { type DOMWindow, JSDOM } from 'jsdom';
import { parse } from 'parse5';
import { type JsdomTree, JsdomTreeAdapter } from './jsdom-tree-adapter';

type QuerySelectorAll = (this: ParentNode, selectors: string) => NodeListOf<Element>;

interface HostWindow {
  window: DOMWindow;
  querySelectorAll: QuerySelectorAll;
  documents: number;
}

// A JSDOM window costs several milliseconds to create, so documents are created inside a shared one. Each document
// leaves a little behind in its window (jsdom's named-property tracker, listeners registered by its selector engine),
// so the window is replaced after this many documents and its leftovers go with it.
const DOCUMENTS_PER_WINDOW = 100;
const ELEMENT_NODE = 1;
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

let host: HostWindow | undefined;

/**
 * The items of a live HTMLCollection, its length read once. jsdom answers every read of a collection's `length` by
 * first looking for an element with that id or name, a scan of the whole collection, and the array iterator jsdom
 * gives collections reads `length` again before each step: `Array.from(element.children)` and `for...of` over it cost
 * the square of the collection's size. A collection that shrinks meanwhile ends the iteration where it now ends;
 * elements added meanwhile are not visited (no caller adds any while iterating).
 */
function* itemsOnce(this: HTMLCollection): Generator<Element, void, undefined> {
  const length = this.length;
  for (let index = 0; index < length; index += 1) {
    const item = this[index];
    if (item === undefined) return;
    yield item;
  }
}

/** Where jsdom's tree keeps a node's place (symbol-tree's record, which jsdom's own tree walks read). */
interface TreePlace {
  readonly parent: NodeImpl | null;
  readonly nextSibling: NodeImpl | null;
  readonly firstChild: NodeImpl | null;
}

/** What jsdom keeps behind a DOM node: the fields its own code reads (jsdom is pinned, package.json). */
interface NodeImpl {
  readonly nodeType: number;
  readonly _namespaceURI: string | null;
  readonly _qualifiedName: string;
}

/** The private symbol an object of jsdom's is keyed by, found by its description: jsdom exports none of them. */
function symbolDescribed(object: object, description: string): symbol {
  const found = Object.getOwnPropertySymbols(object).find((symbol) => symbol.description === description);
  if (!found) throw new Error(`jsdom keeps no "${description}" symbol on its ${object.constructor.name}`);
  return found;
}

/**
 * `getElementsByTagName` as a list taken once rather than a live collection: the elements under a node with that
 * qualified name (any, for `*`), in tree order, matched as the DOM standard matches them in an HTML document (HTML
 * elements by the name in lower case, others as written), found by walking jsdom's tree records as its own query does.
 * jsdom builds a live collection for each call (a wrapper, a proxy, a query re-run whenever the tree has changed) and
 * then scans it for an element named "length" at each read of its length: Readability asks for tag lists and counts
 * thousands of times per article and keeps none of them, and neither does any caller here (docs/benchmarks.md,
 * session 34).
 */
function staticElementsByTagName(document: Document): (this: Element | Document, qualifiedName: string) => Element[] {
  const implKey = symbolDescribed(document, 'impl');
  const documentImpl = (document as unknown as Record<symbol, object>)[implKey];
  const wrapperKey = symbolDescribed(documentImpl, 'wrapper');
  const placeKey = symbolDescribed(documentImpl, 'DOM SymbolTree');
  const placeOf = (node: NodeImpl): TreePlace | undefined => (node as unknown as Record<symbol, TreePlace>)[placeKey];
  return function elementsByTagName(this: Element | Document, qualifiedName: string): Element[] {
    const root = (this as unknown as Record<symbol, NodeImpl>)[implKey];
    const anyName = qualifiedName === '*';
    const htmlName = qualifiedName.toLowerCase();
    const found: Element[] = [];
    let node = placeOf(root)?.firstChild ?? null;
    while (node) {
      if (node.nodeType === ELEMENT_NODE) {
        const name = node._namespaceURI === HTML_NAMESPACE ? htmlName : qualifiedName;
        if (anyName || node._qualifiedName === name)
          found.push((node as unknown as Record<symbol, Element>)[wrapperKey]);
      }
      node = nextInTree(node, root, placeOf);
    }
    return found;
  };
}

/** The node after `node` in tree order within `root`'s subtree, or null at its end. */
function nextInTree(
  node: NodeImpl,
  root: NodeImpl,
  placeOf: (node: NodeImpl) => TreePlace | undefined,
): NodeImpl | null {
  const place = placeOf(node);
  if (place?.firstChild) return place.firstChild;
  for (let current: NodeImpl | null = node; current && current !== root; current = placeOf(current)?.parent ?? null) {
    const next = placeOf(current)?.nextSibling;
    if (next) return next;
  }
  return null;
}

function createHostWindow(): HostWindow {
  // No `runScripts` and no `resources`: jsdom neither executes nor fetches anything.
  const { window } = new JSDOM('');
  const querySelectorAll: QuerySelectorAll = window.Element.prototype.querySelectorAll;
  // jsdom 29 answers querySelectorAll through a selector engine that is slow for what Readability asks of it (it looks
  // elements up by tag list dozens of times per article). Without the method Readability takes its other, supported
  // path, getElementsByTagName, and produces the same article in far less time (docs/benchmarks.md, "Settings of the
  // HTML pipeline"). The window is private to this module; tag selection reaches the engine through querySelectorAllIn
  // below.
  for (const prototype of [window.Element.prototype, window.Document.prototype, window.DocumentFragment.prototype]) {
    Object.defineProperty(prototype, 'querySelectorAll', { value: undefined });
  }
  Object.defineProperty(window.HTMLCollection.prototype, Symbol.iterator, { value: itemsOnce });
  const elementsByTagName = staticElementsByTagName(window.document);
  for (const prototype of [window.Element.prototype, window.Document.prototype]) {
    Object.defineProperty(prototype, 'getElementsByTagName', { value: elementsByTagName });
  }
  return { window, querySelectorAll, documents: 0 };
}

function hostForNextDocument(): HostWindow {
  if (!host || host.documents >= DOCUMENTS_PER_WINDOW) {
    host?.window.close();
    host = createHostWindow();
  }
  host.documents += 1;
  return host;
}

/**
 * Parses an HTML body fragment into a new jsdom document by the HTML parsing algorithm. Release it with
 * {@link releaseDocument} before parsing the next one.
 */
export function parseDocument(fragment: string): Document {
  const document = hostForNextDocument().window.document.implementation.createHTMLDocument('');
  // parse5 builds the doctype and the whole tree itself.
  document.replaceChildren();
  const adapter = new JsdomTreeAdapter(document);
  // The doctype keeps the parser in no-quirks mode, whatever the page declared.
  parse<JsdomTree>(`<!DOCTYPE html>${fragment}`, { treeAdapter: adapter });
  adapter.finish();
  return document;
}

/** Detaches the document's tree, which is what makes the shared window forget the elements it tracked. */
export function releaseDocument(document: Document): void {
  document.documentElement?.remove();
}

/** Parses `fragment` with {@link parseDocument}, hands the document to `use`, and releases it whatever happens. */
export function withDocument<T>(fragment: string, use: (document: Document) => T): T {
  const document = parseDocument(fragment);
  try {
    return use(document);
  } finally {
    releaseDocument(document);
  }
}

/** The body of `fragment` as HTML, once `edit` has changed it in a {@link parseDocument} document. */
export function editedHtml(fragment: string, edit: (body: HTMLElement) => void): string {
  return withDocument(fragment, ({ body }) => {
    edit(body);
    return body.innerHTML;
  });
}

/** `root.querySelectorAll(selectors)` for a node of the current {@link parseDocument} document. */
export function querySelectorAllIn(root: ParentNode, selectors: string): Element[] {
  if (!host) throw new Error('querySelectorAllIn needs a document from parseDocument');
  return Array.from(host.querySelectorAll.call(root, selectors));
}
