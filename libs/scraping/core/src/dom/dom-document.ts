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

let host: HostWindow | undefined;

/**
 * The items of a live HTMLCollection, its length read once. jsdom answers every read of a collection's `length` by
 * first looking for an element with that id or name, a scan of the whole collection, and the array iterator jsdom
 * gives collections reads `length` again before each step: `Array.from(collection)`, which Readability's tag lookups
 * go through, and `for...of` cost the square of the collection's size. A collection that shrinks meanwhile ends the
 * iteration where it now ends; elements added meanwhile are not visited (no caller adds any while iterating).
 */
function* itemsOnce(this: HTMLCollection): Generator<Element, void, undefined> {
  const length = this.length;
  for (let index = 0; index < length; index += 1) {
    const item = this[index];
    if (item === undefined) return;
    yield item;
  }
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
