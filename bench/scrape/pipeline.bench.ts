import { once } from 'node:events';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { conversionThreadLimits } from '@wh/scraping/core';
import { buildPipelinePage } from './pipeline-page';
import type { PipelineName, PipelineRun } from './pipeline-thread';

/** CPU per page of {@link convertHtml} against jsdom + Readability + turndown used the obvious way. */
export interface PipelineBenchResult {
  medianCpuMs: number;
  p95CpuMs: number;
  naiveMedianCpuMs: number;
  markdownChars: number;
  naiveMarkdownChars: number;
}

const WARMUP_PAGES = 30;

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

/**
 * A thread that converts the bench page with one pipeline whenever asked. Ours runs with the resource limits the
 * scrape-worker gives its conversion threads; the naive one with Node's defaults, as the obvious way would.
 */
function startPipelineThread(pipeline: PipelineName): { convert: () => Promise<PipelineRun>; stop: () => Promise<number> } {
  const thread = new Worker(path.join(__dirname, 'pipeline-thread.js'), {
    workerData: pipeline,
    ...(pipeline === 'ours' ? { resourceLimits: conversionThreadLimits() } : {}),
  });
  const convert = async (): Promise<PipelineRun> => {
    const answer = once(thread, 'message');
    thread.postMessage('convert');
    const [run] = (await answer) as [PipelineRun];
    return run;
  };
  return { convert, stop: () => thread.terminate() };
}

/**
 * Converts the generated ~75 KB page `iterations` times with each pipeline, each in a thread of its own (so that
 * neither pays for the other's garbage) and alternating page by page (so that both see the same machine noise),
 * after a warm-up that lets the JIT and the shared jsdom window settle.
 */
export async function benchPipeline(iterations: number): Promise<PipelineBenchResult> {
  const ours = startPipelineThread('ours');
  const naive = startPipelineThread('naive');
  try {
    for (let i = 0; i < WARMUP_PAGES; i += 1) {
      await ours.convert();
      await naive.convert();
    }
    const oursRuns: PipelineRun[] = [];
    const naiveRuns: PipelineRun[] = [];
    for (let i = 0; i < iterations; i += 1) {
      oursRuns.push(await ours.convert());
      naiveRuns.push(await naive.convert());
    }
    const oursMs = oursRuns.map((run) => run.cpuMs).sort((a, b) => a - b);
    const naiveMs = naiveRuns.map((run) => run.cpuMs).sort((a, b) => a - b);
    return {
      medianCpuMs: percentile(oursMs, 0.5),
      p95CpuMs: percentile(oursMs, 0.95),
      naiveMedianCpuMs: percentile(naiveMs, 0.5),
      markdownChars: oursRuns[0]?.markdownChars ?? 0,
      naiveMarkdownChars: naiveRuns[0]?.markdownChars ?? 0,
    };
  } finally {
    await Promise.all([ours.stop(), naive.stop()]);
  }
}

if (require.main === module) {
  const iterations = Number(process.argv[2] ?? 200);
  benchPipeline(iterations).then(
    (result) => {
      process.stdout.write(
        `page ${buildPipelinePage().length} chars, ${iterations} iterations\n` +
          `ours:  median ${result.medianCpuMs.toFixed(2)} ms CPU, p95 ${result.p95CpuMs.toFixed(2)} ms, ` +
          `markdown ${result.markdownChars} chars\n` +
          `naive: median ${result.naiveMedianCpuMs.toFixed(2)} ms CPU, markdown ${result.naiveMarkdownChars} chars\n`,
      );
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
