import 'reflect-metadata';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { AdBlocker } from '../../apps/scrape-worker/src/browser/ad-blocker';
import { resolveFilterLists } from '../../apps/scrape-worker/src/browser/filter-lists';
import { writeReportSection } from '../report-section';

const COLD_RUNS = 3;
const WARM_RUNS = 5;
const PAGES = 200;
const REQUESTS = 2_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function cpuMs(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** A page's class names and ids as a news page has them: a few hundred, some of them ad-like. */
function pageSelectors(page: number): { classes: string[]; ids: string[]; hrefs: string[] } {
  const words = ['header', 'nav', 'article', 'teaser', 'card', 'footer', 'sidebar', 'promo', 'ad-slot', 'banner'];
  return {
    classes: Array.from({ length: 300 }, (_, index) => `${words[index % words.length]}-${(index * 7 + page) % 50}`),
    ids: Array.from({ length: 40 }, (_, index) => `${words[index % words.length]}${index}`),
    hrefs: Array.from({ length: 60 }, (_, index) => `https://news.example/story/${page}-${index}`),
  };
}

/**
 * `npm run bench:filter-lists`: what blockAds' default lists cost a scrape-worker. Loading at boot, parsed (no
 * compiled copy yet: first boot, or the lists were updated) and read back from the compiled copy; then per page
 * rendered in Chromium, the cosmetic lookup and the network check of its requests.
 */
async function main(): Promise<void> {
  const sources = resolveFilterLists('default');
  if (sources.missingDefaults.length > 0)
    throw new Error(`the default lists are not installed: ${sources.missingDefaults.join(', ')}`);
  const listBytes = sources.files.reduce((total, file) => total + statSync(file).size, 0);
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'wh-bench-filter-lists-'));
  try {
    const cold: number[] = [];
    for (let run = 0; run < COLD_RUNS; run += 1) {
      rmSync(cacheDir, { recursive: true, force: true });
      cold.push((await AdBlocker.load(sources, cacheDir)).elapsedMs);
    }
    const warm: number[] = [];
    let blocker: AdBlocker | undefined;
    for (let run = 0; run < WARM_RUNS; run += 1) {
      const loaded = await AdBlocker.load(sources, cacheDir);
      if (!loaded.fromCache) throw new Error('the compiled copy was not used');
      warm.push(loaded.elapsedMs);
      blocker = loaded.blocker;
    }
    if (!blocker) throw new Error('no engine loaded');
    const engine = blocker;
    const compiledBytes = readdirSync(cacheDir).reduce(
      (total, file) => total + statSync(path.join(cacheDir, file)).size,
      0,
    );

    const cosmeticMs = cpuMs(() => {
      for (let page = 0; page < PAGES; page += 1)
        engine.hidingStyles(`https://news${page % 20}.example/story`, pageSelectors(page));
    });
    const networkMs = cpuMs(() => {
      for (let request = 0; request < REQUESTS; request += 1)
        engine.shouldBlock(
          `https://cdn${request % 30}.example/assets/${request % 2 === 0 ? 'app' : 'adserver'}-${request}.js`,
          `https://news${request % 20}.example/story`,
          'script',
        );
    });
    const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);
    writeReportSection(
      'filter-lists',
      `## Filter lists for blockAds (\`npm run bench:filter-lists\`)

Measured by bench/filter-lists/run.ts on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, Node
${process.version}, load average ${loadavg()[0]?.toFixed(1)} (other work on the machine). \`ADBLOCK_LISTS=default\`: ${
        sources.files.length
      } lists of Debian's webext-ublock-origin-chromium (${mb(listBytes)} MB of text) plus the built-in consent-notice rules.

| step | median | runs |
|---|---|---|
| boot, parsing the lists (no compiled copy: first boot, or lists updated), first parse of a fresh process | ${cold[0]} ms | ${cold.join(', ')} (later ones with a warmed-up JIT) |
| boot, reading the compiled copy (${mb(compiledBytes)} MB in \`ADBLOCK_CACHE_DIR\`) | ${median(warm)} ms | ${warm.join(', ')} |
| cosmetic lookup per page (300 classes, 40 ids, 60 links) | ${(cosmeticMs / PAGES).toFixed(2)} ms CPU | ${PAGES} pages |
| network check per request | ${((networkMs * 1000) / REQUESTS).toFixed(1)} µs CPU | ${REQUESTS} requests |

A worker parses the lists once per list version: the compiled engine is kept under \`ADBLOCK_CACHE_DIR\` (a folder in
the temporary folder by default; the browser image compiles it at build time), so later boots read it back instead.
Both are before the worker reports ready; the compiled copy keeps that wait under a tenth of a second.`,
    );
    process.stdout.write(`cold ${cold.join(', ')} ms; warm ${warm.join(', ')} ms\n`);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
