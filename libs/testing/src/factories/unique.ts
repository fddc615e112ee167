import { randomBytes } from 'node:crypto';

let counter = 0;

/** `<label>-<n>-<random>`: distinct within a file (the counter) and across files and runs sharing a table. */
export function uniqueName(label: string): string {
  counter += 1;
  return `${label}-${counter}-${randomBytes(3).toString('hex')}`;
}
