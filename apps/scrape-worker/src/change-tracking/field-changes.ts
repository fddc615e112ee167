/** One extracted field whose value differs between two versions of a page. */
export interface FieldChange {
  previous: unknown;
  current: unknown;
}

/** Key order inside objects means nothing in JSON: values are compared with their keys sorted. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * `{field: {previous, current}}` for each top-level field whose value differs (a field one version lacks is null
 * there); an empty object when nothing differs. Answers that are not objects are compared whole, under `value`.
 */
export function fieldChanges(previous: unknown, current: unknown): Record<string, FieldChange> {
  if (!isRecord(previous) || !isRecord(current)) {
    return canonical(previous) === canonical(current) ? {} : { value: { previous, current } };
  }
  const changes: Record<string, FieldChange> = {};
  for (const field of new Set([...Object.keys(previous), ...Object.keys(current)])) {
    const before = previous[field] ?? null;
    const after = current[field] ?? null;
    if (canonical(before) !== canonical(after)) changes[field] = { previous: before, current: after };
  }
  return changes;
}
