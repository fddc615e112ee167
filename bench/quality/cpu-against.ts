import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CpuReply, CpuRequest } from './cpu-child';
import type { PageTruth } from './dataset';

/** One page's CPU time under each build in one round. */
export interface CpuSample {
  pageType: string;
  round: number;
  ours: number;
  theirs: number;
  sameMarkdown: boolean;
}

/** The folder of a checkout whose build the run can load: its path aliases and its compiled scraping core. */
export function builtCheckout(folder: string): string | undefined {
  const root = path.resolve(folder);
  const registers = existsSync(path.join(root, 'tools', 'register-paths.js'));
  const built = existsSync(path.join(root, 'dist', 'libs', 'scraping', 'core', 'src', 'index.js'));
  return registers && built ? root : undefined;
}

/** A conversion process running the build of the checkout at `root`. */
class BuildProcess {
  private readonly child: ChildProcess;
  private pending?: { resolve: (reply: CpuReply) => void; reject: (error: Error) => void };

  constructor(root: string, datasetFolder: string) {
    this.child = fork(path.join(__dirname, 'cpu-child.js'), [datasetFolder], {
      execArgv: ['-r', path.join(root, 'tools', 'register-paths.js')],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (reply: CpuReply) => this.settle()?.resolve(reply));
    this.child.on('exit', (code) =>
      this.settle()?.reject(new Error(`the conversion process of ${root} exited (${code})`)),
    );
  }

  private settle(): BuildProcess['pending'] {
    const pending = this.pending;
    this.pending = undefined;
    return pending;
  }

  convert(request: CpuRequest): Promise<CpuReply> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.child.send(request);
    });
  }

  stop(): void {
    this.child.kill();
  }
}

/**
 * Converts every page with this checkout's build and with the build at `againstRoot`, in two processes, one page at
 * a time to each: alternately, the order swapped from page to page and from round to round, so that both builds see
 * the same machine at nearly the same moment. The machines here are noisy; only a ratio taken this way holds.
 */
export async function sampleCpu(
  truths: readonly PageTruth[],
  datasetFolder: string,
  againstRoot: string,
  rounds: number,
): Promise<CpuSample[]> {
  const ours = new BuildProcess(path.resolve(__dirname, '..', '..', '..'), datasetFolder);
  const theirs = new BuildProcess(againstRoot, datasetFolder);
  const samples: CpuSample[] = [];
  try {
    for (let round = 0; round < rounds; round += 1) {
      for (const [index, truth] of truths.entries()) {
        const request = { id: truth.id, url: truth.url };
        const oursFirst = (index + round) % 2 === 0;
        const first = await (oursFirst ? ours : theirs).convert(request);
        const second = await (oursFirst ? theirs : ours).convert(request);
        const [mine, other] = oursFirst ? [first, second] : [second, first];
        samples.push({
          pageType: truth.pageType,
          round,
          ours: mine.ms,
          theirs: other.ms,
          sameMarkdown: mine.digest === other.digest,
        });
      }
      process.stderr.write(`round ${round + 1}/${rounds}\n`);
    }
  } finally {
    ours.stop();
    theirs.stop();
  }
  return samples;
}

function ratio(samples: readonly CpuSample[]): string {
  const ours = samples.reduce((sum, sample) => sum + sample.ours, 0);
  const theirs = samples.reduce((sum, sample) => sum + sample.theirs, 0);
  return theirs > 0 ? (ours / theirs).toFixed(3) : '';
}

/**
 * CPU per page of this build over the other's, each round's total CPU over the other's total, for all pages and per
 * page type (most pages first), and how many pages came out with different markdown.
 */
export function summariseCpu(samples: readonly CpuSample[]): string {
  const rounds = [...new Set(samples.map((sample) => sample.round))].sort((a, b) => a - b);
  const counts = new Map<string, number>();
  for (const sample of samples.filter((sample) => sample.round === rounds[0])) {
    counts.set(sample.pageType, (counts.get(sample.pageType) ?? 0) + 1);
  }
  const types = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const row = (name: string, pages: number, of: (sample: CpuSample) => boolean): string =>
    `| ${name} | ${pages} | ${rounds.map((round) => ratio(samples.filter((s) => s.round === round && of(s)))).join(' | ')} |`;
  const differing = samples.filter((sample) => sample.round === rounds[0] && !sample.sameMarkdown).length;
  return [
    `| page type | pages | ${rounds.map((round) => `round ${round + 1}`).join(' | ')} |`,
    `|---|---|${rounds.map(() => '---|').join('')}`,
    row(
      'all',
      [...counts.values()].reduce((sum, count) => sum + count, 0),
      () => true,
    ),
    ...types.map(([type, pages]) => row(type, pages, (sample) => sample.pageType === type)),
    '',
    `Pages whose markdown differs between the builds: ${differing}.`,
  ].join('\n');
}
