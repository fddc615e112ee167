import { acceptsNull, asArray, dereference, isPlainObject, type JsonSchema, typesOf } from '../schema/json-schema';
import type { UserSchema } from '../schema/user-schema';
import { convertScalar, UNCONVERTIBLE } from './convert-value';
import { matchScore, nameTokens, normalizeName, singular } from './field-names';
import { collectPageFacts, type FactSource, typeName } from './page-facts';

/** What the deterministic extractor made of a page for a schema. */
export interface DeterministicExtraction {
  value: unknown;
  /** Paths of the fields it filled (`offers.price`, `ingredients`). */
  filled: string[];
  /** Paths of the fields the page's structured data did not give. */
  missing: string[];
  /** Required fields that do not take null and stayed unknown: the value is null there and does not validate. */
  requiredMissing: string[];
  /** Where the values came from: `JSON-LD`, `microdata`, `meta tags`, `tables`. */
  sources: string[];
}

export interface DeterministicInput {
  url: string;
  markdown: string;
  html?: string;
  schema: UserSchema;
}

/** Below this, a key is not taken for a property (see `matchScore`). */
const MIN_SCORE = 1.5;
const SOURCE_LABELS: Record<FactSource['kind'], string> = {
  'json-ld': 'JSON-LD',
  microdata: 'microdata',
  meta: 'meta tags',
  table: 'tables',
};

type Kind = 'object' | 'array' | 'scalar';

/**
 * Fills a caller's schema from the page's own structured data, without a model: schema.org JSON-LD and microdata,
 * OpenGraph and product meta tags, labelled tables and definition lists. Property names meet the page's keys by
 * name, by words and by synonyms; values are converted to the schema's types. Unknown fields are null where the
 * schema takes null, left out where they are optional, and null (reported in `requiredMissing`) where required.
 */
export function extractWithoutLlm(input: DeterministicInput): DeterministicExtraction {
  const facts = collectPageFacts(input.html, input.markdown);
  const root = input.schema.schema;
  const filler = new SchemaFiller(root, input.url, [...expandItemLists(facts.entities), facts.meta, facts.labels]);
  let value = filler.fillRoot();
  value = dropInvalidValues(value, input.schema);
  const report = reportFields(value, root);
  return { value, ...report, sources: [...filler.usedSources].map((kind) => SOURCE_LABELS[kind]) };
}

/** The one-line warning of a reply made without a model. */
export function describeDeterministicExtraction(result: DeterministicExtraction): string {
  const total = result.filled.length + result.missing.length;
  const from = result.sources.length > 0 ? ` from the page's ${result.sources.join(', ')}` : '';
  const parts = [`extracted without an LLM: filled ${result.filled.length} of ${total} fields${from}`];
  if (result.missing.length > 0) parts.push(`not found: ${abbreviate(result.missing)}`);
  if (result.requiredMissing.length > 0) {
    parts.push(`required but unknown, so null and not valid against the schema: ${abbreviate(result.requiredMissing)}`);
  }
  parts.push('set LLM_BASE_URL and LLM_MODEL to extract with a model');
  return parts.join('; ');
}

function abbreviate(paths: string[]): string {
  return paths.length > 12 ? `${paths.slice(0, 12).join(', ')} and ${paths.length - 12} more` : paths.join(', ');
}

/** The items of schema.org `ItemList`s count as entities of their own (a listing page's products). */
function expandItemLists(entities: FactSource[]): FactSource[] {
  const expanded: FactSource[] = [];
  for (const entity of entities) {
    expanded.push(entity);
    if (entity.type !== 'ItemList') continue;
    for (const element of asArray(entity.data.itemListElement)) {
      const item = isPlainObject(element) && isPlainObject(element.item) ? element.item : element;
      if (isPlainObject(item)) expanded.push({ kind: entity.kind, type: typeName(item['@type']), data: item });
    }
  }
  return expanded;
}

interface Candidate {
  value: unknown;
  kind: FactSource['kind'];
  score: number;
  rank: number;
  depth: number;
}

class SchemaFiller {
  readonly usedSources = new Set<FactSource['kind']>();

  constructor(
    private readonly root: JsonSchema,
    private readonly baseUrl: string,
    private readonly sources: FactSource[],
  ) {}

  fillRoot(): unknown {
    const schema = this.resolve(this.root);
    const kind = kindOf(schema);
    if (kind === 'object') return this.fillObject(schema, this.rankedFor(schema));
    if (kind === 'array') return this.fillArray(schema, '', this.sources) ?? [];
    return this.fillScalar(schema, 'value', this.sources) ?? null;
  }

  /** Sources ordered by how many of the object's properties they have, entities before meta tags and tables. */
  private rankedFor(schema: JsonSchema): FactSource[] {
    const names = Object.keys(isPlainObject(schema.properties) ? schema.properties : {});
    const coverage = (source: FactSource): number =>
      names.filter((name) => flattenPaths(source.data).some(({ path }) => matchScore(name, path) >= MIN_SCORE)).length;
    const entities = this.sources.filter((source) => source.kind === 'json-ld' || source.kind === 'microdata');
    const others = this.sources.filter((source) => source.kind === 'meta' || source.kind === 'table');
    const scored = entities.map((source, index) => ({ source, index, coverage: coverage(source) }));
    scored.sort((a, b) => b.coverage - a.coverage || a.index - b.index);
    return [...scored.filter((entry) => entry.coverage > 0).map((entry) => entry.source), ...others];
  }

  private fillObject(schema: JsonSchema, sources: FactSource[]): Record<string, unknown> {
    const properties = isPlainObject(schema.properties) ? schema.properties : {};
    const required = new Set(asArray(schema.required));
    const result: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(properties)) {
      const value = this.fillProperty(name, property, sources);
      if (value !== undefined) result[name] = value;
      else if (required.has(name) || acceptsNull(property, this.root)) result[name] = null;
    }
    return result;
  }

  private fillProperty(name: string, property: unknown, sources: FactSource[]): unknown {
    if (!isPlainObject(property)) return undefined;
    const schema = this.resolve(property);
    const kind = kindOf(schema);
    if (kind === 'array') return this.fillArray(schema, name, sources);
    if (kind === 'scalar') return this.fillScalar(schema, name, sources);
    for (const candidate of this.candidates(name, sources)) {
      const objects = asArray(Array.isArray(candidate.value) ? candidate.value : [candidate.value]);
      const first = objects[0];
      const data = isPlainObject(first) ? first : typeof first === 'string' ? { name: first } : undefined;
      if (!data) continue;
      const filled = this.fillObject(schema, [{ kind: candidate.kind, data }]);
      if (countFilled(filled) > 0) {
        this.usedSources.add(candidate.kind);
        return filled;
      }
    }
    const typed = this.entitiesNamed(name);
    if (typed.length > 0) {
      const filled = this.fillObject(schema, typed);
      if (countFilled(filled) > 0) return filled;
    }
    return undefined;
  }

  private fillScalar(schema: JsonSchema, name: string, sources: FactSource[]): unknown {
    for (const candidate of this.candidates(name, sources)) {
      const raw: unknown = Array.isArray(candidate.value) ? (candidate.value as unknown[])[0] : candidate.value;
      const value = convertScalar(raw, schema, this.baseUrl);
      if (value !== UNCONVERTIBLE && value !== undefined) {
        this.usedSources.add(candidate.kind);
        return value;
      }
    }
    return undefined;
  }

  private fillArray(schema: JsonSchema, name: string, sources: FactSource[]): unknown[] | undefined {
    const items = isPlainObject(schema.items) ? this.resolve(schema.items) : {};
    if (kindOf(items) === 'object') {
      for (const candidate of name ? this.candidates(name, sources) : []) {
        const objects = (Array.isArray(candidate.value) ? candidate.value : [candidate.value]).filter(isPlainObject);
        const filled = objects
          .map((data) => this.fillObject(items, [{ kind: candidate.kind, data }]))
          .filter((entry) => countFilled(entry) > 0);
        if (filled.length > 0) {
          this.usedSources.add(candidate.kind);
          return filled;
        }
      }
      const typed = name ? this.entitiesNamed(name) : this.entitiesFitting(items);
      const filled = typed.map((entity) => this.fillObject(items, [entity])).filter((entry) => countFilled(entry) > 0);
      for (const entity of typed) this.usedSources.add(entity.kind);
      return filled.length > 0 ? withoutRepeats(filled) : undefined;
    }
    for (const candidate of this.candidates(name, sources)) {
      const raw = Array.isArray(candidate.value)
        ? candidate.value
        : typeof candidate.value === 'string' && kindOf(items) === 'scalar'
          ? candidate.value.split(/\s*[,;|]\s*/)
          : [candidate.value];
      const values = raw
        .map((entry) => (kindOf(items) === 'scalar' ? convertScalar(entry, items, this.baseUrl) : UNCONVERTIBLE))
        .filter((entry) => entry !== UNCONVERTIBLE && entry !== undefined && entry !== '');
      if (values.length > 0) {
        this.usedSources.add(candidate.kind);
        return withoutRepeats(values);
      }
    }
    return undefined;
  }

  /** The values under keys matching `name`, best match first, earlier sources first among equals. */
  private candidates(name: string, sources: FactSource[]): Candidate[] {
    const found: Candidate[] = [];
    sources.forEach((source, rank) => {
      for (const { path, value } of flattenPaths(source.data)) {
        const score = matchScore(name, path);
        if (score >= MIN_SCORE) found.push({ value, kind: source.kind, score, rank, depth: path.split('.').length });
      }
    });
    return found.sort((a, b) => b.score - a.score || a.rank - b.rank || a.depth - b.depth);
  }

  /** Entities whose type the (plural) property name names: `events` -> every `Event`, `product` -> the `Product`. */
  private entitiesNamed(name: string): FactSource[] {
    const words = nameTokens(name).map(singular);
    const wanted = normalizeName(words.join(''));
    const last = words[words.length - 1] ?? '';
    return this.sources.filter((source) => {
      if (!source.type || source.kind === 'meta' || source.kind === 'table') return false;
      const type = normalizeName(source.type);
      return type === wanted || type === last || type.endsWith(last);
    });
  }

  /** For a top-level list: the entities of the type that fills the most of an item's fields. */
  private entitiesFitting(items: JsonSchema): FactSource[] {
    const entities = this.sources.filter(
      (source) => source.type && (source.kind === 'json-ld' || source.kind === 'microdata'),
    );
    const byType = new Map<string, FactSource[]>();
    for (const entity of entities)
      byType.set(entity.type as string, [...(byType.get(entity.type as string) ?? []), entity]);
    let best: FactSource[] = [];
    let bestScore = 0;
    for (const group of byType.values()) {
      const score = countFilled(this.fillObject(items, [group[0]]));
      if (score > bestScore) {
        best = group;
        bestScore = score;
      }
    }
    return best;
  }

  private resolve(schema: JsonSchema): JsonSchema {
    const resolved = dereference(schema, this.root);
    const branches = [...asArray(resolved.anyOf), ...asArray(resolved.oneOf)]
      .filter(isPlainObject)
      .map((branch) => dereference(branch, this.root));
    const usable = branches.find((branch) => !(typesOf(branch).length === 1 && typesOf(branch)[0] === 'null'));
    return usable ? { ...resolved, ...usable } : resolved;
  }
}

function kindOf(schema: JsonSchema): Kind {
  const types = typesOf(schema).filter((type) => type !== 'null');
  if (types.includes('object') || (types.length === 0 && isPlainObject(schema.properties))) return 'object';
  if (types.includes('array') || (types.length === 0 && schema.items !== undefined)) return 'array';
  return 'scalar';
}

/** Every key path of a record down to three levels, with its value; lists give their first entry's keys. */
function flattenPaths(data: Record<string, unknown>): Array<{ path: string; value: unknown }> {
  const out: Array<{ path: string; value: unknown }> = [];
  const visit = (value: unknown, path: string, depth: number): void => {
    if (path) out.push({ path, value });
    if (depth >= 3) return;
    const record = Array.isArray(value) ? value.find(isPlainObject) : value;
    if (!isPlainObject(record)) return;
    for (const [key, entry] of Object.entries(record)) {
      if (key.startsWith('@')) continue;
      visit(entry, path ? `${path}.${key}` : key, depth + 1);
    }
  };
  visit(data, '', 0);
  return out;
}

function countFilled(value: unknown): number {
  if (value === null || value === undefined || value === '') return 0;
  if (Array.isArray(value)) return value.reduce<number>((sum, entry) => sum + countFilled(entry), 0);
  if (isPlainObject(value)) return Object.values(value).reduce<number>((sum, entry) => sum + countFilled(entry), 0);
  return 1;
}

function withoutRepeats<T>(values: T[]): T[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = JSON.stringify(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Values the caller's schema rejects (a pattern, a range, a format) are taken back: null where the field takes it or
 * is required, left out where it is optional, dropped from lists.
 */
function dropInvalidValues(value: unknown, schema: UserSchema): unknown {
  const current = value;
  for (let round = 0; round < 5; round += 1) {
    const paths = schema.invalidPaths(current);
    let changed = false;
    for (const path of paths.sort((a, b) => b.length - a.length)) {
      if (path.length === 0) continue;
      const parent = at(current, path.slice(0, -1));
      const key = path[path.length - 1];
      if (Array.isArray(parent)) {
        const index = Number(key);
        if (parent[index] !== undefined) {
          parent.splice(index, 1);
          changed = true;
        }
      } else if (isPlainObject(parent) && parent[key] !== null && key in parent) {
        const property = schemaAt(schema.schema, [...path.slice(0, -1)], key);
        if (property && !acceptsNull(property, schema.schema) && !requiredAt(schema.schema, path.slice(0, -1), key))
          delete parent[key];
        else parent[key] = null;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return current;
}

function at(value: unknown, path: string[]): unknown {
  let node = value;
  for (const segment of path)
    node = Array.isArray(node) ? node[Number(segment)] : isPlainObject(node) ? node[segment] : undefined;
  return node;
}

/** The schema of the object holding `key` at `path` (following properties and items). */
function objectSchemaAt(root: JsonSchema, path: string[]): JsonSchema | undefined {
  let node: JsonSchema | undefined = dereference(root, root);
  for (const segment of path) {
    if (!node) return undefined;
    const next: unknown =
      /^\d+$/.test(segment) && node.items !== undefined
        ? node.items
        : isPlainObject(node.properties)
          ? node.properties[segment]
          : undefined;
    node = isPlainObject(next) ? dereference(next, root) : undefined;
    const branch =
      node &&
      [...asArray(node.anyOf), ...asArray(node.oneOf)]
        .filter(isPlainObject)
        .map((entry) => dereference(entry, root))
        .find((entry) => !typesOf(entry).includes('null'));
    if (node && branch) node = { ...node, ...branch };
  }
  return node;
}

function schemaAt(root: JsonSchema, path: string[], key: string): JsonSchema | undefined {
  const holder = objectSchemaAt(root, path);
  const property = holder && isPlainObject(holder.properties) ? holder.properties[key] : undefined;
  return isPlainObject(property) ? property : undefined;
}

function requiredAt(root: JsonSchema, path: string[], key: string): boolean {
  return asArray(objectSchemaAt(root, path)?.required).includes(key);
}

function reportFields(
  value: unknown,
  root: JsonSchema,
): Pick<DeterministicExtraction, 'filled' | 'missing' | 'requiredMissing'> {
  const report = { filled: [] as string[], missing: [] as string[], requiredMissing: [] as string[] };
  const walk = (node: unknown, schema: JsonSchema, path: string): void => {
    const resolved = objectSchemaAt(schema, []) ?? schema;
    if (!isPlainObject(resolved.properties)) {
      const label = path || '(value)';
      (countFilled(node) > 0 ? report.filled : report.missing).push(label);
      return;
    }
    const required = new Set(asArray(resolved.required));
    for (const [name, property] of Object.entries(resolved.properties)) {
      const childPath = path ? `${path}.${name}` : name;
      const child = isPlainObject(node) ? node[name] : undefined;
      const childSchema = isPlainObject(property)
        ? { ...dereference(property, root), $defs: root.$defs, definitions: root.definitions }
        : {};
      if (child === undefined || child === null || (Array.isArray(child) && child.length === 0)) {
        report.missing.push(childPath);
        if (child === null && required.has(name) && !acceptsNull(property, root))
          report.requiredMissing.push(childPath);
      } else if (isPlainObject(child) && kindOf(objectSchemaAt(childSchema, []) ?? {}) === 'object') {
        walk(child, childSchema, childPath);
      } else {
        report.filled.push(childPath);
      }
    }
  };
  walk(value, root, '');
  return report;
}
