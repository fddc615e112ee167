import { deepEqual, isPlainObject } from '@wh/extraction';

/** One part's answer and the URLs it was read from. */
export interface SourcedAnswer {
  value: unknown;
  urls: string[];
}

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (isPlainObject(value) && Object.keys(value).length === 0);

const add = (sources: Record<string, string[]>, key: string, urls: string[]): void => {
  const known = sources[key] ?? [];
  sources[key] = [...known, ...urls.filter((url) => !known.includes(url))];
};

/**
 * Which URLs each top-level value of the merged answer came from, as the merge took them: a scalar from the first
 * part that had one, a list or object from every part that added to it. The items of a list are traced one by one
 * (`products[2]`) to the first part holding an equal item.
 */
export function valueSources(merged: unknown, parts: readonly SourcedAnswer[]): Record<string, string[]> {
  const sources: Record<string, string[]> = {};
  if (Array.isArray(merged)) {
    traceItems(sources, '', merged, parts, (value) => value);
    return sources;
  }
  if (!isPlainObject(merged)) return sources;
  for (const [key, value] of Object.entries(merged)) {
    if (isEmpty(value)) continue;
    const contributing = parts.filter((part) => isPlainObject(part.value) && !isEmpty(part.value[key]));
    const scalar = !Array.isArray(value) && !isPlainObject(value);
    for (const part of scalar ? contributing.slice(0, 1) : contributing) add(sources, key, part.urls);
    if (Array.isArray(value))
      traceItems(sources, key, value, parts, (answer) => (isPlainObject(answer) ? answer[key] : undefined));
  }
  return sources;
}

function traceItems(
  sources: Record<string, string[]>,
  key: string,
  items: unknown[],
  parts: readonly SourcedAnswer[],
  listOf: (answer: unknown) => unknown,
): void {
  items.forEach((item, index) => {
    const part = parts.find((candidate) => {
      const list = listOf(candidate.value);
      return Array.isArray(list) && list.some((entry) => deepEqual(entry, item));
    });
    if (part) add(sources, `${key}[${index}]`, part.urls);
  });
}
