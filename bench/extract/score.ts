/** One field of an expected answer, scored. */
export interface FieldScore {
  path: string;
  right: boolean;
  expected: unknown;
  actual: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * Whether an extracted value says what the expected one says: strings equal once whitespace is collapsed,
 * timestamps equal as instants (`+01:00` and `Z` forms of one moment), numbers equal, lists equal item by item in
 * order, objects equal key by key, and an absent value the same as null.
 */
export function sameValue(expected: unknown, actual: unknown): boolean {
  if (expected === null || expected === undefined) return actual === null || actual === undefined;
  if (typeof expected === 'string') {
    if (typeof actual !== 'string') return false;
    if (ISO_TIMESTAMP.test(expected) && ISO_TIMESTAMP.test(actual)) return Date.parse(expected) === Date.parse(actual);
    return expected.replace(/\s+/g, ' ').trim() === actual.replace(/\s+/g, ' ').trim();
  }
  if (typeof expected === 'number') return typeof actual === 'number' && Math.abs(expected - actual) < 1e-9;
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((entry, index) => sameValue(entry, actual[index]))
    );
  }
  if (isRecord(expected)) {
    if (!isRecord(actual)) return false;
    return Object.keys(expected).every((key) => sameValue(expected[key], actual[key]));
  }
  return expected === actual;
}

/**
 * Scores an answer field by field: each leaf of the expected object is one field (a nested object's properties
 * count one by one; a list is one field, right only when the whole list is).
 */
export function scoreFields(expected: Record<string, unknown>, actual: unknown, prefix = ''): FieldScore[] {
  return Object.entries(expected).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const found = isRecord(actual) ? actual[key] : undefined;
    if (isRecord(value)) return scoreFields(value, found, path);
    return [{ path, right: sameValue(value, found), expected: value, actual: found }];
  });
}
