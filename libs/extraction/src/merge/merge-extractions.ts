import { isPlainObject } from '../schema/json-schema';
import { deepEqual } from './deep-equal';

/**
 * Merges the values extracted from the parts of one page, in page order: the first non-empty scalar wins (a later
 * part fills what an earlier one left null or ""), lists are concatenated without repeating an equal entry, and
 * objects are merged field by field.
 */
export function mergeExtractions(values: readonly unknown[]): unknown {
  return values.reduce<unknown>((merged, next) => mergeTwo(merged, next), undefined);
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function mergeTwo(first: unknown, second: unknown): unknown {
  if (first === undefined) return second;
  if (isEmpty(first)) return isEmpty(second) ? first : second;
  if (isEmpty(second)) return first;
  if (Array.isArray(first) && Array.isArray(second))
    return withoutRepeats([...(first as unknown[]), ...(second as unknown[])]);
  if (isPlainObject(first) && isPlainObject(second)) {
    const merged: Record<string, unknown> = { ...first };
    for (const [key, value] of Object.entries(second)) merged[key] = key in first ? mergeTwo(first[key], value) : value;
    return merged;
  }
  return first;
}

function withoutRepeats(values: unknown[]): unknown[] {
  const kept: unknown[] = [];
  for (const value of values) if (!kept.some((entry) => deepEqual(entry, value))) kept.push(value);
  return kept;
}
