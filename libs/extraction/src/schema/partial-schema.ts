import { isPlainObject, type JsonSchema } from './json-schema';

/**
 * The schema with no property required, at any depth (definitions included): what one part of a long page is
 * checked against, since a required field may stand in another part. The merged value is checked against the
 * caller's schema itself.
 */
export function partialSchema(schema: JsonSchema): JsonSchema {
  return withoutRequired(schema, 0) as JsonSchema;
}

function withoutRequired(node: unknown, depth: number): unknown {
  if (depth > 64) return node;
  if (Array.isArray(node)) return node.map((entry) => withoutRequired(entry, depth + 1));
  if (!isPlainObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'required' && Array.isArray(value)) continue;
    // `properties`, `$defs` and `definitions` map names to schemas; every other keyword holds a schema or a value.
    out[key] = withoutRequired(value, depth + 1);
  }
  return out;
}
