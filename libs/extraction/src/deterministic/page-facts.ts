import { DomUtils, parseDocument } from 'htmlparser2';
import { isPlainObject } from '../schema/json-schema';

type DomDocument = ReturnType<typeof parseDocument>;
type DomNode = DomDocument['children'][number];
type DomElement = Extract<DomNode, { attribs: Record<string, string> }>;

/** A record of facts from one kind of structured data on the page. */
export interface FactSource {
  kind: 'json-ld' | 'microdata' | 'meta' | 'table';
  /** schema.org type of an entity (`Product`), when it has one. */
  type?: string;
  data: Record<string, unknown>;
}

/** What a page says about itself in machine-readable form, in order of trust. */
export interface PageFacts {
  /** JSON-LD entities (arrays and `@graph` flattened, `@id` references resolved), then microdata items. */
  entities: FactSource[];
  /** `<meta>` tags by lower-cased `property`/`name`/`itemprop`, plus `title` from `<title>`. */
  meta: FactSource;
  /** Label -> value from tables (`<th>` or first cell) and definition lists, and `Label: value` lines of markdown. */
  labels: FactSource;
  /** `<meta name="description">` or its OpenGraph twin. */
  description?: string;
}

/** Reads the structured data of a page: JSON-LD, microdata, meta tags, labelled tables and definition lists. */
export function collectPageFacts(html: string | undefined, markdown: string): PageFacts {
  const labels: Record<string, unknown> = labelsFromMarkdown(markdown);
  if (!html) return { entities: [], meta: { kind: 'meta', data: {} }, labels: { kind: 'table', data: labels } };
  const document = parseDocument(html);
  const meta = metaTags(document);
  Object.assign(labels, labelsFromHtml(document));
  const description = firstString(meta['description'], meta['og:description'], meta['twitter:description']);
  return {
    entities: [...jsonLdEntities(document), ...microdataItems(document)],
    meta: { kind: 'meta', data: meta },
    labels: { kind: 'table', data: labels },
    description,
  };
}

function firstString(...values: unknown[]): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value.trim().length > 0)?.trim();
}

/** Text of an element with its whitespace collapsed. */
export function textOf(node: DomNode | DomNode[]): string {
  return DomUtils.textContent(node).replace(/\s+/g, ' ').trim();
}

function jsonLdEntities(document: DomDocument): FactSource[] {
  const scripts = DomUtils.findAll(
    (element) => element.name === 'script' && (element.attribs.type ?? '').toLowerCase().includes('ld+json'),
    document.children,
  );
  const found: Record<string, unknown>[] = [];
  for (const script of scripts) {
    const parsed = parseJsonLd(DomUtils.textContent(script));
    if (parsed !== undefined) flattenJsonLd(parsed, found, 0);
  }
  const byId = new Map<string, Record<string, unknown>>();
  for (const entity of found) if (typeof entity['@id'] === 'string') byId.set(entity['@id'], entity);
  return found
    .filter((entity) => entity['@type'] !== undefined)
    .map((entity) => ({
      kind: 'json-ld' as const,
      type: typeName(entity['@type']),
      data: resolveIds(entity, byId, 0) as Record<string, unknown>,
    }));
}

function parseJsonLd(text: string): unknown {
  const cleaned = text
    .replace(/^\s*<!\[CDATA\[|\]\]>\s*$/g, '')
    .replace(/^\s*<!--|-->\s*$/g, '')
    .trim();
  try {
    return JSON.parse(cleaned) as unknown;
  } catch {
    // Pages often leave a trailing comma or a raw line break in a string: try once more with those repaired.
    try {
      return JSON.parse(cleaned.replace(/,\s*([}\]])/g, '$1').replace(/[\r\n\t]+/g, ' ')) as unknown;
    } catch {
      return undefined;
    }
  }
}

function flattenJsonLd(value: unknown, into: Record<string, unknown>[], depth: number): void {
  if (depth > 4) return;
  if (Array.isArray(value)) {
    for (const entry of value) flattenJsonLd(entry, into, depth + 1);
    return;
  }
  if (!isPlainObject(value)) return;
  const { '@graph': graph, ...rest } = value;
  if (graph !== undefined) flattenJsonLd(graph, into, depth + 1);
  if (rest['@type'] !== undefined || typeof rest['@id'] === 'string') into.push(rest);
}

/** Replaces `{"@id": ...}` stubs with the entity of that id elsewhere in the page's JSON-LD. */
function resolveIds(value: unknown, byId: Map<string, Record<string, unknown>>, depth: number): unknown {
  if (depth > 4) return value;
  if (Array.isArray(value)) return value.map((entry) => resolveIds(entry, byId, depth + 1));
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && typeof value['@id'] === 'string' && byId.has(value['@id'])) {
    return resolveIds(byId.get(value['@id']), byId, depth + 1);
  }
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) out[key] = resolveIds(entry, byId, depth + 1);
  return out;
}

/** `"Product"`, `["Product", "Thing"]` or `"https://schema.org/Product"` -> `Product`. */
export function typeName(type: unknown): string | undefined {
  const first: unknown = Array.isArray(type) ? (type as unknown[])[0] : type;
  return typeof first === 'string' ? (first.split(/[/#:]/).pop() ?? first) : undefined;
}

function microdataItems(document: DomDocument): FactSource[] {
  const roots = DomUtils.findAll(
    (element) => 'itemscope' in element.attribs && !('itemprop' in element.attribs),
    document.children,
  );
  return roots.map((root) => {
    const data = microdataItem(root, 0);
    return { kind: 'microdata' as const, type: typeName(data['@type']), data };
  });
}

function microdataItem(scope: DomElement, depth: number): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  if (scope.attribs.itemtype) item['@type'] = typeName(scope.attribs.itemtype.trim().split(/\s+/)[0]);
  const visit = (nodes: DomNode[]): void => {
    for (const node of nodes) {
      if (!DomUtils.isTag(node)) continue;
      const names = (node.attribs.itemprop ?? '').trim().split(/\s+/).filter(Boolean);
      const nested = 'itemscope' in node.attribs;
      if (names.length > 0) {
        const value = nested && depth < 4 ? microdataItem(node, depth + 1) : microdataValue(node);
        for (const name of names) addValue(item, name, value);
      }
      if (!nested) visit(node.children);
    }
  };
  visit(scope.children);
  return item;
}

function microdataValue(element: DomElement): string {
  const { attribs, name } = element;
  if (attribs.content !== undefined) return attribs.content.trim();
  if (['a', 'link', 'area'].includes(name) && attribs.href) return attribs.href;
  if (['img', 'audio', 'video', 'source', 'embed', 'iframe'].includes(name) && attribs.src) return attribs.src;
  if (name === 'time' && attribs.datetime) return attribs.datetime;
  if ((name === 'data' || name === 'meter') && attribs.value) return attribs.value;
  return textOf(element);
}

function addValue(target: Record<string, unknown>, key: string, value: unknown): void {
  if (!(key in target)) target[key] = value;
  else if (Array.isArray(target[key])) (target[key] as unknown[]).push(value);
  else target[key] = [target[key], value];
}

function metaTags(document: DomDocument): Record<string, unknown> {
  const meta: Record<string, unknown> = {};
  for (const element of DomUtils.getElementsByTagName('meta', document.children)) {
    const key = (element.attribs.property ?? element.attribs.name ?? element.attribs.itemprop ?? '')
      .trim()
      .toLowerCase();
    const content = element.attribs.content?.trim();
    if (key && content) addValue(meta, key, content);
  }
  const title = DomUtils.getElementsByTagName('title', document.children, true, 1)[0];
  // Named apart from `title`: a document title carries the site's name, so og:title and entity names come first.
  if (title && textOf(title)) meta['document:title'] = textOf(title);
  const canonical = DomUtils.findOne(
    (element) => element.name === 'link' && (element.attribs.rel ?? '').toLowerCase() === 'canonical',
    document.children,
  );
  if (canonical?.attribs.href) meta.canonical = canonical.attribs.href;
  return meta;
}

function labelsFromHtml(document: DomDocument): Record<string, unknown> {
  const labels: Record<string, unknown> = {};
  for (const row of DomUtils.getElementsByTagName('tr', document.children)) {
    const cells = row.children.filter(
      (child): child is DomElement => DomUtils.isTag(child) && (child.name === 'th' || child.name === 'td'),
    );
    if (cells.length !== 2) continue;
    const [label, value] = cells.map((cell) => textOf(cell));
    if (label && value && label.length <= 60) addValue(labels, label.replace(/[:：]\s*$/, ''), value);
  }
  for (const list of DomUtils.getElementsByTagName('dl', document.children)) {
    let label: string | undefined;
    for (const child of list.children) {
      if (!DomUtils.isTag(child)) continue;
      if (child.name === 'dt') label = textOf(child).replace(/[:：]\s*$/, '');
      else if (child.name === 'dd' && label) addValue(labels, label, textOf(child));
    }
  }
  return labels;
}

/** Two-column markdown table rows and `**Label:** value` lines: all there is of labels when no HTML came. */
function labelsFromMarkdown(markdown: string): Record<string, unknown> {
  const labels: Record<string, unknown> = {};
  for (const line of markdown.split('\n')) {
    const row = /^\|\s*([^|]{1,60}?)\s*\|\s*([^|]+?)\s*\|\s*$/.exec(line);
    if (row && !/^[-:\s]+$/.test(row[1]) && !/^[-:\s]+$/.test(row[2])) {
      addValue(labels, row[1].replace(/\*\*/g, ''), row[2].replace(/\*\*/g, ''));
      continue;
    }
    const pair = /^\s*(?:[-*]\s+)?\*\*([^*]{1,60}?):?\*\*:?\s+(.+)$/.exec(line);
    if (pair) addValue(labels, pair[1], pair[2].trim());
  }
  return labels;
}
