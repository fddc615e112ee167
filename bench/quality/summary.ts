import type { Half } from './dataset';
import type { PageScore } from './score';

/** One scored page of a run. */
export interface PageResult extends PageScore {
  id: string;
  url: string;
  pageType: string;
  half: Half;
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

function byPageType(results: readonly PageResult[]): [string, PageResult[]][] {
  const byType = new Map<string, PageResult[]>();
  for (const result of results) byType.set(result.pageType, [...(byType.get(result.pageType) ?? []), result]);
  return [...byType.entries()].sort((a, b) => b[1].length - a[1].length);
}

const signed = (value: number): string => (Number.isNaN(value) ? '' : `${value >= 0 ? '+' : ''}${value.toFixed(3)}`);

function halvesRow(name: string, a: Means, b: Means): string {
  return (
    `| ${name} | ${a.pages} | ${fixed(a.f1)} | ${fixed(a.boilerplateFound)} | ${b.pages} | ${fixed(b.f1)} | ` +
    `${fixed(b.boilerplateFound)} | ${signed(a.f1 - b.f1)} | ${signed(a.boilerplateFound - b.boilerplateFound)} |`
  );
}

/**
 * F1 and `without` found per page type on each half of the set (see halfOf in dataset.ts) and the gap between them,
 * A minus B: a rule designed on one half that gains only there widens it.
 */
export function summariseHalves(results: readonly PageResult[]): string {
  const half = (name: Half, pages: readonly PageResult[]): PageResult[] => pages.filter((page) => page.half === name);
  return [
    '| page type | A pages | A F1 | A `without` | B pages | B F1 | B `without` | F1 gap (A - B) | `without` gap |',
    '|---|---|---|---|---|---|---|---|---|',
    halvesRow('all', means(half('A', results)), means(half('B', results))),
    ...byPageType(results).map(([type, pages]) => halvesRow(type, means(half('A', pages)), means(half('B', pages)))),
  ].join('\n');
}

/** The per-type table (overall first, then page types by size) and the worst pages, as markdown. */
export function summarise(results: readonly PageResult[], worstCount: number): string {
  const lines = [
    '| page type | pages | precision | recall | F1 | `with` found | `without` found | ms/page |',
    '|---|---|---|---|---|---|---|---|',
    meansRow('all', means(results)),
    ...byPageType(results).map(([type, pages]) => meansRow(type, means(pages))),
    '',
    'By half of the set (sites split by a hash of their name, bench/quality/dataset.ts):',
    '',
    summariseHalves(results),
    '',
    `Worst ${worstCount} pages by F1:`,
    '',
    '| id | type, half | precision | recall | F1 | url |',
    '|---|---|---|---|---|---|',
    ...[...results]
      .sort((a, b) => a.f1 - b.f1)
      .slice(0, worstCount)
      .map(
        (r) =>
          `| ${r.id} | ${r.pageType} ${r.half} | ${fixed(r.precision)} | ${fixed(r.recall)} | ${fixed(r.f1)} | ${r.url}${r.error ? ` (${r.error})` : ''} |`,
      ),
  ];
  const failed = results.filter((result) => result.error).length;
  if (failed > 0) lines.push('', `${failed} pages failed and scored 0.`);
  const empty = results.filter((result) => !result.error && result.words === 0).map((result) => result.id);
  lines.push('', `Pages with no text extracted: ${empty.length}${empty.length > 0 ? ` (${empty.join(', ')})` : ''}.`);
  return lines.join('\n');
}
