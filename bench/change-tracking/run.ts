import { availableParallelism, loadavg } from 'node:os';
import { convertHtml } from '@wh/scraping/core';
import { contentChanged } from '../../apps/scrape-worker/src/change-tracking/change-comparison';
import { markdownDiff } from '../../apps/scrape-worker/src/change-tracking/markdown-diff';
import { buildPipelinePage } from '../scrape/pipeline-page';

const WARMUP = 30;
const RUNS = 300;

interface Timing {
  p50: number;
  p95: number;
  /** Mean CPU time of one run: on a shared machine it moves less than the wall-clock percentiles. */
  cpu: number;
}

function time(work: () => void): Timing {
  for (let i = 0; i < WARMUP; i += 1) work();
  const durations: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    work();
    durations.push(performance.now() - started);
  }
  const cpuUsed = process.cpuUsage(cpuBefore);
  durations.sort((a, b) => a - b);
  const at = (fraction: number): number => durations[Math.min(durations.length - 1, Math.floor(fraction * RUNS))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), cpu: (cpuUsed.user + cpuUsed.system) / 1000 / RUNS };
}

/** The page framed by what changes on every load: a build time, a view counter, a relative time. */
function stamped(markdown: string, at: string, views: string, ago: string): string {
  return [`Generated at ${at}, ${views} views`, markdown, `Page built ${ago} ago.`].join('\n');
}

/** The same page as it reads on a later load: new timestamps and counters, two lines swapped. */
function reloaded(markdown: string): string {
  const lines = markdown.split('\n');
  const swapAt = Math.floor(lines.length / 2);
  [lines[swapAt], lines[swapAt + 2]] = [lines[swapAt + 2] ?? '', lines[swapAt] ?? ''];
  return stamped(lines.join('\n'), '2026-11-25T10:07:00Z', '1,311', '2 minutes');
}

/** Five real edits spread over the page. */
function edited(markdown: string): string {
  const lines = markdown.split('\n');
  for (let i = 1; i <= 5; i += 1) {
    const at = Math.floor((lines.length * i) / 6);
    lines[at] = `${lines[at] ?? ''} (edited ${i})`;
  }
  return lines.join('\n');
}

/**
 * `npm run bench:change-tracking`: what change tracking adds to a scrape of the 75 KB benchmark page, without json
 * mode: the status (normalise both versions, compare) and the status with git-diff mode (plus jsdiff's unified
 * diff and its json shape), for an unchanged reload (volatile values and a reordering only) and for five edits.
 * The snapshot's read and write in Postgres are one transaction and not part of these figures.
 */
function main(): void {
  const html = buildPipelinePage();
  const whole = convertHtml({
    html,
    url: 'https://bench.example/article',
    formats: ['markdown'],
    onlyMainContent: false,
    includeTags: [],
    excludeTags: [],
    removeBase64Images: true,
  }).outputs.markdown;
  if (!whole) throw new Error('the benchmark page gave no markdown');
  // The page's own markdown is smaller than its HTML: repeating it gives 75 KB of markdown, the worst case.
  const large = Array.from({ length: Math.ceil(75_000 / whole.length) }, () => whole)
    .join('\n')
    .slice(0, 75_000);

  const rows: string[] = [];
  for (const [label, page] of [
    [
      `the page's markdown (${(whole.length / 1024).toFixed(1)} KB, page HTML ${(html.length / 1024).toFixed(1)} KB)`,
      whole,
    ],
    [`75 KB of markdown`, large],
  ] as const) {
    const same = reloaded(page);
    const changed = stamped(edited(page), '2026-11-25T10:07:00Z', '1,311', '2 minutes');
    const rewritten = page
      .split('\n')
      .map((line) => (line.trim() === '' ? line : `${line} (v2)`))
      .join('\n');
    const previous = stamped(page, '2026-11-25T10:00:00Z', '1,204', '5 minutes');
    if (contentChanged(previous, same) || !contentChanged(previous, changed)) throw new Error('comparison rule broke');
    const cases: [string, () => void][] = [
      ['status, unchanged reload', () => contentChanged(previous, same)],
      ['status, five edits', () => contentChanged(previous, changed)],
      ['status + git-diff, unchanged reload', () => (contentChanged(previous, same), markdownDiff(previous, same))],
      ['status + git-diff, five edits', () => (contentChanged(previous, changed), markdownDiff(previous, changed))],
      [
        'status + git-diff, every line rewritten',
        () => (contentChanged(previous, rewritten), markdownDiff(previous, rewritten)),
      ],
    ];
    for (const [name, work] of cases) {
      const { p50, p95, cpu } = time(work);
      rows.push(`| ${label} | ${name} | ${p50.toFixed(2)} | ${p95.toFixed(2)} | ${cpu.toFixed(2)} |`);
    }
  }
  const report = [
    '## Change tracking: the comparison on a 75 KB page (target: <= 5 ms p50 without json mode)',
    '',
    `${RUNS} runs after ${WARMUP} warm-up runs, one process, times in ms; load average while it ran: ` +
      `${loadavg()[0]?.toFixed(1) ?? '?'} on ${availableParallelism()} cores.`,
    '',
    '| page | work | p50 | p95 | mean CPU |',
    '| --- | --- | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
  console.log(report);
}

main();
