import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { readCachedProjectGraph } from '@nx/devkit';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { configs } from './module-boundaries';

const ROOT = path.join(__dirname, '..', '..');

interface Probe {
  /** A file that need not exist: the rule places it by its path. */
  file: string;
  imports: string;
}

const BANNED = /is not allowed to import/;
const TAGS =
  /can only depend on libs tagged with|cannot depend on any libs with tags|can not depend on libs tagged with/;
const NODE_MODULE = /no network I\/O in a pure library/;
const APP_INTERNALS = /Projects cannot be imported by a relative or absolute path/;

/** Probes that break a boundary, each with what the report must say. */
const FORBIDDEN: Array<Probe & { because: RegExp }> = [
  ...['@nestjs/common', '@nestjs/core', 'nats', 'pg', 'kysely'].map((imports) => ({
    file: 'libs/contracts/src/probe.ts',
    imports,
    because: BANNED,
  })),
  { file: 'libs/contracts/src/probe.ts', imports: 'node:net', because: NODE_MODULE },
  { file: 'libs/contracts/src/probe.ts', imports: '@wh/platform/outbound', because: TAGS },
  ...['@nestjs/common', 'nats', 'pg', 'kysely', 'undici', 'puppeteer-core'].map((imports) => ({
    file: 'libs/scraping/core/src/probe.ts',
    imports,
    because: BANNED,
  })),
  ...['node:http', 'node:https', 'node:net', 'http'].map((imports) => ({
    file: 'libs/scraping/core/src/probe.ts',
    imports,
    because: NODE_MODULE,
  })),
  { file: 'libs/scraping/core/src/probe.ts', imports: '@wh/contracts', because: TAGS },
  { file: 'libs/platform/chromium/src/probe.ts', imports: '@wh/testing', because: TAGS },
  { file: 'libs/platform/config/src/probe.ts', imports: '@wh/scraping/core', because: TAGS },
  { file: 'libs/testing/src/probe.ts', imports: '@wh/scraping/core', because: TAGS },
  { file: 'tools/dev/probe.ts', imports: '@wh/contracts', because: TAGS },
  { file: 'apps/billing-service/src/probe.ts', imports: '@wh/scraping/core', because: TAGS },
  { file: 'apps/api-gateway/src/probe.ts', imports: '@wh/scraping/core', because: TAGS },
  { file: 'apps/billing-service/src/probe.ts', imports: '@wh/testing', because: TAGS },
  { file: 'apps/crawl-scheduler/src/probe.ts', imports: '@wh/extraction', because: TAGS },
  { file: 'apps/billing-service/src/probe.int-spec.ts', imports: '@wh/tools/dev', because: TAGS },
  { file: 'apps/e2e/src/probe.ts', imports: '@wh/scraping/core', because: TAGS },
  { file: 'bench/probe.ts', imports: '../apps/billing-service/src/ledger/ledger.repository', because: APP_INTERNALS },
  {
    file: 'bench/billing/run.ts',
    imports: '../../apps/billing-service/src/admin/billing.commands',
    because: APP_INTERNALS,
  },
  {
    file: 'bench/browser/engine-alone.ts',
    imports: '../../apps/scrape-worker/src/cache/cache-key',
    because: APP_INTERNALS,
  },
];

/** Imports the code makes today, which the rules must keep allowing. */
const ALLOWED: Probe[] = [
  { file: 'apps/billing-service/src/probe.ts', imports: '@wh/platform/database' },
  { file: 'apps/billing-service/src/probe.int-spec.ts', imports: '@wh/testing' },
  { file: 'apps/scrape-worker/src/probe.ts', imports: '@wh/scraping/core' },
  { file: 'apps/api-gateway/src/probe.ts', imports: '@wh/extraction' },
  { file: 'libs/platform/messaging/src/probe.ts', imports: '@wh/contracts' },
  { file: 'libs/testing/src/probe.ts', imports: '@wh/tools/dev' },
  { file: 'apps/e2e/src/probe.e2e-spec.ts', imports: '@wh/tools/dev' },
  { file: 'bench/probe.ts', imports: '@wh/testing' },
  { file: 'bench/browser/engine-alone.ts', imports: '../../apps/scrape-worker/src/browser/browser-engine' },
  { file: 'bench/billing/run.ts', imports: '../../apps/billing-service/src/ledger/ledger.repository' },
];

describe('module boundaries', () => {
  let eslint: ESLint;

  beforeAll(() => {
    // The Nx rule reads the cached project graph (with the tags the conventions plugin adds) and is skipped without one.
    execFileSync(path.join(ROOT, 'node_modules', '.bin', 'nx'), ['show', 'projects'], { cwd: ROOT, stdio: 'ignore' });
    eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...configs],
    });
  }, 30_000);

  async function reports({ file, imports }: Probe): Promise<string[]> {
    const [result] = await eslint.lintText(`import '${imports}';\n`, { filePath: path.join(ROOT, file) });
    return (result?.messages ?? []).map((message) => message.message);
  }

  it('tags every project with one scope and one type, the scope from its folder', () => {
    const projects = Object.values(readCachedProjectGraph().nodes);
    expect(projects.length).toBeGreaterThan(20);
    for (const { name, data } of projects) {
      const tags = data.tags ?? [];
      const [top, folder] = data.root.split('/');
      const scope = top === 'apps' ? `scope:${folder}` : top === 'bench' ? 'scope:bench' : 'scope:shared';
      expect({
        name,
        scopes: tags.filter((tag) => tag.startsWith('scope:')),
        types: tags.filter((tag) => tag.startsWith('type:')).length,
      }).toEqual({
        name,
        scopes: [scope],
        types: 1,
      });
    }
  });

  it.each(FORBIDDEN)('$file may not import $imports', async (probe) => {
    expect(await reports(probe)).toEqual([expect.stringMatching(probe.because)]);
  });

  it.each(ALLOWED)('$file may import $imports', async (probe) => {
    expect(await reports(probe)).toEqual([]);
  });
});
