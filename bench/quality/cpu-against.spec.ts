import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { builtCheckout, type CpuSample, summariseCpu } from './cpu-against';

function sample(pageType: string, round: number, ours: number, theirs: number, sameMarkdown = true): CpuSample {
  return { pageType, round, ours, theirs, sameMarkdown };
}

describe('CPU per page against another build', () => {
  it('gives each round the ratio of total CPU, overall and per page type, and counts pages with other markdown', () => {
    const table = summariseCpu([
      sample('article', 0, 10, 20, false),
      sample('article', 0, 30, 20),
      sample('forum', 0, 5, 10),
      sample('article', 1, 20, 20, false),
      sample('article', 1, 20, 40, false),
      sample('forum', 1, 10, 10, false),
    ]);
    expect(table).toContain('| page type | pages | round 1 | round 2 |');
    expect(table).toContain('| all | 3 | 0.900 | 0.714 |');
    expect(table).toContain('| article | 2 | 1.000 | 0.667 |');
    expect(table).toContain('| forum | 1 | 0.500 | 1.000 |');
    // Pages, not samples: the first round's pages whose markdown differed.
    expect(table).toContain('Pages whose markdown differs between the builds: 1.');
  });

  describe('the checkout to compare with', () => {
    let folder: string;
    beforeEach(() => {
      folder = mkdtempSync(path.join(tmpdir(), 'bench-against-'));
    });
    afterEach(() => rmSync(folder, { recursive: true, force: true }));

    it('is taken when it holds its path aliases and a compiled scraping core', () => {
      mkdirSync(path.join(folder, 'tools'));
      writeFileSync(path.join(folder, 'tools', 'register-paths.js'), '');
      mkdirSync(path.join(folder, 'dist', 'libs', 'scraping', 'core', 'src'), { recursive: true });
      writeFileSync(path.join(folder, 'dist', 'libs', 'scraping', 'core', 'src', 'index.js'), '');
      expect(builtCheckout(folder)).toBe(path.resolve(folder));
    });

    it('is refused when it was never built', () => {
      mkdirSync(path.join(folder, 'tools'));
      writeFileSync(path.join(folder, 'tools', 'register-paths.js'), '');
      expect(builtCheckout(folder)).toBeUndefined();
      expect(builtCheckout(path.join(folder, 'missing'))).toBeUndefined();
    });
  });
});
