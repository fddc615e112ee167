import type { Type } from '@nestjs/common';
import { getMetadataStorage, IS_URL } from 'class-validator';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
// class-transformer keeps its `@Type` metadata here; nested classes are only known through it.
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';

export type JsonSchema = Record<string, unknown>;

export const SCHEMA_REF_PREFIX = '#/components/schemas/';

function referencedNames(schema: unknown, found: Set<string>): void {
  if (Array.isArray(schema)) {
    for (const item of schema) referencedNames(item, found);
    return;
  }
  if (schema === null || typeof schema !== 'object') return;
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF_PREFIX)) {
      found.add(value.slice(SCHEMA_REF_PREFIX.length));
    } else referencedNames(value, found);
  }
}

/** A `$ref` to a class without validation metadata (a plain object or union type) accepts anything. */
function withoutDanglingRefs(schema: unknown, known: ReadonlySet<string>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withoutDanglingRefs(item, known));
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith(SCHEMA_REF_PREFIX) && !known.has(ref.slice(SCHEMA_REF_PREFIX.length))) {
    return {};
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withoutDanglingRefs(value, known)]));
}

/** What a class validates, as text: two loads of one class's module give the same, two different classes do not. */
function rulesOf(rules: unknown): string {
  const list = (rules ?? []) as Array<{ propertyName: string; type: string; name?: string; constraints?: unknown[] }>;
  return JSON.stringify(
    list.map((rule) => [rule.propertyName, rule.type, rule.name ?? '', rule.constraints ?? []]).sort(),
  );
}

/**
 * The rules of every class with validation metadata by class name, to catch two different classes sharing a name
 * (their schemas would merge). A module loaded twice registers its classes twice with the same rules: not a clash.
 */
function classesByName(): Map<string, Set<string>> {
  const byName = new Map<string, Set<string>>();
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<unknown, unknown> };
  for (const [target, rules] of storage.validationMetadatas) {
    if (typeof target !== 'function') continue;
    const set = byName.get(target.name) ?? new Set();
    set.add(rulesOf(rules));
    byName.set(target.name, set);
  }
  return byName;
}

export interface RequestSchemas {
  schemas: Record<string, JsonSchema>;
  /** The schema name of each request class that has one. */
  nameOf: ReadonlyMap<Type<unknown>, string>;
}

/** A class that adds no validated field of its own (`class Dto extends Base {}`) is described by its base. */
function nearestDescribedName(type: unknown, all: Record<string, JsonSchema>): string | undefined {
  for (let current = type; typeof current === 'function' && current.name; current = Object.getPrototypeOf(current)) {
    if (all[current.name]) return current.name;
  }
  return undefined;
}

/**
 * JSON schemas of the request classes and every class they nest, generated from their class-validator decorators.
 * Objects forbid unknown fields because the API's validation pipe does.
 */
export function requestSchemas(roots: readonly Type<unknown>[]): RequestSchemas {
  const all = validationMetadatasToSchemas({
    refPointerPrefix: SCHEMA_REF_PREFIX,
    classTransformerMetadataStorage: defaultMetadataStorage,
    // JSON Schema knows `uri`, not the library's `url`, and validators reject a host without a dot under `url`.
    additionalConverters: { [IS_URL]: { type: 'string', format: 'uri' } },
  }) as Record<string, JsonSchema>;
  const byName = classesByName();
  const nameOf = new Map<Type<unknown>, string>();
  for (const root of roots) {
    const name = nearestDescribedName(root, all);
    if (name) nameOf.set(root, name);
  }
  const wanted = new Set<string>();
  const pending = [...nameOf.values()];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (wanted.has(name) || !all[name]) continue;
    if ((byName.get(name)?.size ?? 0) > 1) {
      throw new Error(`two request classes are named ${name}: rename one so the document can tell them apart`);
    }
    wanted.add(name);
    const nested = new Set<string>();
    referencedNames(all[name], nested);
    pending.push(...nested);
  }
  const schemas: Record<string, JsonSchema> = {};
  for (const name of [...wanted].sort()) {
    // A class that declares its objects open (page metadata, search results) keeps its own `additionalProperties`.
    schemas[name] = { additionalProperties: false, ...(withoutDanglingRefs(all[name], wanted) as JsonSchema) };
  }
  return { schemas, nameOf };
}
