import type { PageScore } from './score';

/** One scored page of a run. */
export interface PageResult extends PageScore {
  id: string;
  url: string;
  pageType: string;
  /** Milliseconds the extraction took (CPU in process, wall clock through the API). */
  ms: number;
  /** Words in the extracted text. */
  words: number;
  error?: string;
}

interface Means {
  pages: number;
  precision: number;
  recall: number;
  f1: number;
  snippetsFound: number;
  boilerplateFound: number;
  ms: number;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function defined(values: ReadonlyArray<number | undefined>): number[] {
  return values.filter((value): value is number => value !== undefined);
}

function means(results: readonly PageResult[]): Means {
  return {
    pages: results.length,
    precision: mean(results.map((result) => result.precision)),
    recall: mean(results.map((result) => result.recall)),
    f1: mean(results.map((result) => result.f1)),
    snippetsFound: mean(defined(results.map((result) => result.snippetsFound))),
    boilerplateFound: mean(defined(results.map((result) => result.boilerplateFound))),
    ms: mean(results.map((result) => result.ms)),
  };
}

const fixed = (value: number, digits = 3): string => (Number.isNaN(value) ? '' : value.toFixed(digits));

function meansRow(name: string, row: Means): string {
  return `| ${name} | ${row.pages} | ${fixed(row.precision)} | ${fixed(row.recall)} | **${fixed(row.f1)}** | ${fixed(row.snippetsFound)} | ${fixed(row.boilerplateFound)} | ${fixed(row.ms, 1)} |`;
}

/** The per-type table (overall first, then page types by size) and the worst pages, as markdown. */
export function summarise(results: readonly PageResult[], worstCount: number): string {
  const byType = new Map<string, PageResult[]>();
  for (const result of results) byType.set(result.pageType, [...(byType.get(result.pageType) ?? []), result]);
  const types = [...byType.entries()].sort((a, b) => b[1].length - a[1].length);
  const lines = [
    '| page type | pages | precision | recall | F1 | `with` found | `without` found | ms/page |',
    '|---|---|---|---|---|---|---|---|',
    meansRow('all', means(results)),
    ...types.map(([type, pages]) => meansRow(type, means(pages))),
    '',
    `Worst ${worstCount} pages by F1:`,
    '',
    '| id | type | precision | recall | F1 | url |',
    '|---|---|---|---|---|---|',
    ...[...results]
      .sort((a, b) => a.f1 - b.f1)
      .slice(0, worstCount)
      .map(
        (r) =>
          `| ${r.id} | ${r.pageType} | ${fixed(r.precision)} | ${fixed(r.recall)} | ${fixed(r.f1)} | ${r.url}${r.error ? ` (${r.error})` : ''} |`,
      ),
  ];
  const failed = results.filter((result) => result.error).length;
  if (failed > 0) lines.push('', `${failed} pages failed and scored 0.`);
  const empty = results.filter((result) => !result.error && result.words === 0).map((result) => result.id);
  lines.push('', `Pages with no text extracted: ${empty.length}${empty.length > 0 ? ` (${empty.join(', ')})` : ''}.`);
  return lines.join('\n');
}
