import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@wh/testing';

export const FIXTURES = path.join(REPO_ROOT, 'bench', 'extract', '__fixtures__');

/** Which half a page belongs to: rules are designed on `design` pages and kept only if `check` pages agree. */
export type Split = 'design' | 'check';

/** One page of the deterministic extractor's benchmark: its HTML, the schema a user asks with, the right answer. */
export interface ExtractCase {
  id: string;
  url: string;
  kind: 'product' | 'article' | 'event' | 'recipe' | 'organisation';
  split: Split;
  schema: Record<string, unknown>;
  expected: Record<string, unknown>;
  html: string;
}

/** Every case of `__fixtures__/`: `<id>.html` next to `<id>.json` (url, kind, split, schema, expected). */
export function loadCases(folder = FIXTURES): ExtractCase[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const id = path.basename(file, '.json');
      const meta = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Omit<ExtractCase, 'id' | 'html'>;
      return { id, ...meta, html: readFileSync(path.join(folder, `${id}.html`), 'utf8') };
    });
}
