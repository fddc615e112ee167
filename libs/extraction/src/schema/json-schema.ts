/** A JSON schema as JSON: an object of keywords (boolean schemas appear only nested). */
export type JsonSchema = { [keyword: string]: unknown };

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `type` as a list (`"string"` -> `["string"]`, absent -> `[]`). */
export function typesOf(schema: JsonSchema): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** The schema a local `$ref` (`#`, `#/$defs/Name`, `#/definitions/Name`, any JSON pointer) points at. */
export function resolveLocalRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (!ref.startsWith('#')) return undefined;
  const pointer = ref.slice(1);
  if (pointer === '' || pointer === '/') return root;
  let node: unknown = root;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isPlainObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return isPlainObject(node) ? node : undefined;
}

/**
 * The schema with its `$ref` (and a lone `allOf` entry, as Pydantic writes a described reference) resolved, the
 * keywords beside them kept. Recursion is the caller's: this resolves one level.
 */
export function dereference(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; hops < 32; hops += 1) {
    if (typeof current.$ref === 'string') {
      const { $ref, ...siblings } = current;
      const target = resolveLocalRef(root, $ref);
      if (!target) return current;
      current = { ...target, ...siblings };
      continue;
    }
    if (Array.isArray(current.allOf) && current.allOf.length === 1 && isPlainObject(current.allOf[0])) {
      const { allOf, ...siblings } = current;
      current = { ...(allOf as JsonSchema[])[0], ...siblings };
      continue;
    }
    return current;
  }
  return current;
}

/** Whether `null` is a valid value of the schema. */
export function acceptsNull(schema: unknown, root: JsonSchema, depth = 0): boolean {
  if (schema === true) return true;
  if (!isPlainObject(schema) || depth > 32) return false;
  const resolved = dereference(schema, root);
  if (
    Object.keys(resolved).filter((key) => !['description', 'title', '$comment', 'default', 'examples'].includes(key))
      .length === 0
  )
    return true;
  if (typesOf(resolved).includes('null')) return true;
  if (resolved.nullable === true) return true;
  if (Array.isArray(resolved.enum) && resolved.enum.includes(null)) return true;
  if ('const' in resolved && resolved.const === null) return true;
  const branches = [...asArray(resolved.anyOf), ...asArray(resolved.oneOf)];
  return branches.some((branch) => acceptsNull(branch, root, depth + 1));
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
