import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@wh/testing';

const REPORT = path.join(REPO_ROOT, 'docs', 'benchmarks.md');

/**
 * Replaces one benchmark's section of docs/benchmarks.md (between its markers), or appends it, so each
 * `npm run bench:*` rewrites only its own figures.
 */
export function writeReportSection(name: string, markdown: string): void {
  const begin = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${begin}\n${markdown.trim()}\n${end}`;
  const current = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '# Benchmarks\n';
  const from = current.indexOf(begin);
  const to = current.indexOf(end);
  const next =
    from !== -1 && to > from
      ? `${current.slice(0, from)}${block}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(REPORT, next);
}
