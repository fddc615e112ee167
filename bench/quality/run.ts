import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { builtCheckout, sampleCpu, summariseCpu } from './cpu-against';
import { type Half, type PageTruth, QualityDataset } from './dataset';
import { apiMode, type ExtractionMode, inProcessMode, readabilityReferenceMode } from './extract';
import { countWords, markdownToText, scorePage } from './score';
import { type PageResult, summarise } from './summary';

const USAGE = `npm run bench:quality -- <dataset folder> [options]
  --api              scrape each page through a running stack (gateway, worker, billing) instead of in process
  --reference        also run jsdom + Readability + turndown on every page, interleaved, for a time ratio
  --type <type>      only pages of this type
  --half <A|B>       only the pages of one half of the set (sites split by a hash of their name, dataset.ts)
  --sites            list the sites of each half with their page counts, and exit
  --every <n>        only every n-th page (a quick sample that keeps the mix of types)
  --ids <ids>        only these pages (comma-separated ids), e.g. the pages a rule can touch, to compare with --json
  --worst <n>        how many of the worst pages to list (default 15)
  --json <file>      write every page's scores to this file, to compare runs page by page
  --against <dir>    instead of scoring, compare the CPU per page of this build with the build of another checkout
                     (its folder, built with npm run build), as ratios taken in one run, and count the pages whose
                     markdown differs; --type, --half, --every and --ids choose the pages as for scoring
  --rounds <n>       rounds of --against over the chosen pages (default 3)`;

async function scorePageWith(mode: ExtractionMode, truth: PageTruth): Promise<PageResult> {
  const page = { id: truth.id, url: truth.url, pageType: truth.pageType, half: truth.half };
  try {
    const { markdown, ms } = await mode.extract(truth.id, truth.url);
    const text = markdownToText(markdown);
    return { ...page, ...scorePage(text, truth), ms, words: countWords(text) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ...page, ...scorePage('', truth), ms: 0, words: 0, error: message };
  }
}

/** Each half's sites, one a line with its page count, in name order. */
function listSites(truths: readonly PageTruth[]): string {
  const pages = new Map<string, { half: Half; count: number }>();
  for (const truth of truths) {
    const site = pages.get(truth.site) ?? { half: truth.half, count: 0 };
    site.count += 1;
    pages.set(truth.site, site);
  }
  const sites = [...pages.entries()].sort(([a], [b]) => a.localeCompare(b));
  return (['A', 'B'] as const)
    .map((half) => {
      const inHalf = sites.filter(([, site]) => site.half === half);
      const count = inHalf.reduce((sum, [, site]) => sum + site.count, 0);
      return [
        `half ${half}: ${inHalf.length} sites, ${count} pages`,
        ...inHalf.map(([name, site]) => `${name} ${site.count}`),
      ].join('\n');
    })
    .join('\n\n');
}

/** Every page through every mode, page by page, so that all modes see the same machine noise. */
async function scoreAll(modes: readonly ExtractionMode[], truths: readonly PageTruth[]): Promise<PageResult[][]> {
  const results: PageResult[][] = modes.map(() => []);
  for (const [index, truth] of truths.entries()) {
    for (const [modeIndex, mode] of modes.entries()) results[modeIndex].push(await scorePageWith(mode, truth));
    if ((index + 1) % 100 === 0) process.stderr.write(`${index + 1}/${truths.length}\n`);
  }
  return results;
}

/** `--against`: CPU per page of this build over another checkout's, per round, on the chosen pages. */
async function compareCpuAgainst(
  folder: string,
  truths: readonly PageTruth[],
  against: string,
  rounds: number,
): Promise<void> {
  const root = builtCheckout(against);
  if (root === undefined) {
    process.stderr.write(`--against takes the folder of a built checkout (tools/register-paths.js and dist/)\n`);
    process.exitCode = 2;
    return;
  }
  const samples = await sampleCpu(truths, folder, root, rounds);
  process.stdout.write(
    `CPU per page of this build / ${root}, ${truths.length} pages of ${folder}, ${rounds} rounds, ` +
      `${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, Node ${process.version}\n\n` +
      `${summariseCpu(samples)}\n`,
  );
}

/**
 * `npm run bench:quality -- <folder>`: main-content quality of the markdown pipeline on a WCXB-style dataset,
 * scored with the dataset's bag-of-words metric, per page type, with the time per page.
 */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      api: { type: 'boolean', default: false },
      reference: { type: 'boolean', default: false },
      type: { type: 'string' },
      half: { type: 'string' },
      sites: { type: 'boolean', default: false },
      every: { type: 'string', default: '1' },
      ids: { type: 'string' },
      worst: { type: 'string', default: '15' },
      json: { type: 'string' },
      against: { type: 'string' },
      rounds: { type: 'string', default: '3' },
    },
  });
  const folder = positionals[0];
  if (!folder) {
    process.stderr.write(`${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  if (values.half !== undefined && values.half !== 'A' && values.half !== 'B') {
    process.stderr.write(`--half takes A or B\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const dataset = new QualityDataset(folder);
  if (values.sites) {
    process.stdout.write(`${listSites(dataset.truths())}\n`);
    return;
  }
  const every = Math.max(1, Number(values.every));
  const ids = values.ids === undefined ? undefined : new Set(values.ids.split(',').map((id) => id.trim()));
  const truths = dataset
    .truths(values.type, values.half)
    .filter((truth, index) => index % every === 0 && (ids === undefined || ids.has(truth.id)));
  if (values.against !== undefined) {
    const rounds = Number(values.rounds);
    if (!Number.isInteger(rounds) || rounds < 1) {
      process.stderr.write(`--rounds takes a whole number of at least 1\n${USAGE}\n`);
      process.exitCode = 2;
      return;
    }
    await compareCpuAgainst(folder, truths, values.against, rounds);
    return;
  }
  const mode = values.api ? await apiMode(dataset) : inProcessMode(dataset);
  const modes = values.reference ? [mode, readabilityReferenceMode(dataset)] : [mode];
  let results: PageResult[];
  let reference: PageResult[] | undefined;
  try {
    [results, reference] = await scoreAll(modes, truths);
  } finally {
    await mode.close();
  }
  const header =
    `${truths.length} pages of ${folder}, ${values.api ? 'through /v2/scrape (ms: wall clock per request)' : 'in process (ms: CPU per page)'}, ` +
    `${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, Node ${process.version}`;
  process.stdout.write(`${header}\n\n${summarise(results, Number(values.worst))}\n`);
  if (reference) {
    const ours = results.reduce((sum, result) => sum + result.ms, 0) / results.length;
    const naive = reference.reduce((sum, result) => sum + result.ms, 0) / reference.length;
    process.stdout.write(
      `\njsdom + Readability + turndown on the same pages, interleaved with ours:\n\n${summarise(reference, 0)}\n\n` +
        `time per page, ours / reference: ${(ours / naive).toFixed(2)}\n`,
    );
  }
  if (values.json) writeFileSync(values.json, JSON.stringify(results));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
