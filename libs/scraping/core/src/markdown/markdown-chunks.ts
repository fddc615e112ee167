import { DomUtils, parseDocument } from 'htmlparser2';

type DomNode = ReturnType<typeof parseDocument>['children'][number];

/** Below this size turndown's cost is linear enough; above it, the HTML is converted in pieces. */
const LARGE_HTML_CHARS = 200_000;
/** Sibling nodes converted together in one piece. */
const NODES_PER_PIECE = 100;
/** Elements that render as nothing but their children, so their children can be converted apart. */
const TRANSPARENT_CONTAINERS = new Set([
  'html',
  'body',
  'main',
  'article',
  'section',
  'div',
  'header',
  'footer',
  'aside',
]);

function span(node: DomNode): number {
  return (node.endIndex ?? 0) - (node.startIndex ?? 0);
}

/**
 * Splits large HTML into pieces that turndown converts one by one. Turndown re-copies its whole output after
 * every child of an element (trimming trailing newlines flattens the string), which is quadratic in the number
 * of children, so a page of many thousands of paragraphs is far slower in one call than in pieces (docs/benchmarks.md,
 * "Settings of the HTML pipeline"). Small HTML comes back as a single piece.
 */
export function splitForMarkdown(html: string): string[] {
  if (html.length < LARGE_HTML_CHARS) return [html];
  const document = parseDocument(html, { withStartIndices: true, withEndIndices: true });
  const pieces: string[] = [];
  const visit = (nodes: DomNode[]): void => {
    let group: DomNode[] = [];
    const flush = (): void => {
      if (group.length > 0) pieces.push(DomUtils.getOuterHTML(group));
      group = [];
    };
    for (const node of nodes) {
      const wide = DomUtils.isTag(node) && TRANSPARENT_CONTAINERS.has(node.name) && span(node) >= LARGE_HTML_CHARS;
      if (wide && DomUtils.isTag(node)) {
        flush();
        visit(node.children);
        continue;
      }
      group.push(node);
      if (group.length >= NODES_PER_PIECE) flush();
    }
    flush();
  };
  visit(document.children);
  return pieces;
}
