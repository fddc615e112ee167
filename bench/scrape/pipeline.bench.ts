import { once } from 'node:events';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { conversionThreadOptions } from '@wh/scraping/core';
import { buildPipelinePage } from './pipeline-page';
import type { PipelineName, PipelineRun } from './pipeline-thread';

/** CPU per page of {@link convertHtml} against jsdom + Readability + turndown used the obvious way. */
export interface PipelineBenchResult {
  medianCpuMs: number;
  p95CpuMs: number;
  naiveMedianCpuMs: number;
  /** jsdom parse + Readability of the article alone: the least any pipeline of those two tools can cost. */
  readabilityFloorMedianCpuMs: number;
  markdownChars: number;
  naiveMarkdownChars: number;
}

const WARMUP_PAGES = 30;

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

/**
 * A thread that converts the bench page with one pipeline whenever asked. Ours and the floor run with the resource
 * limits the scrape-worker gives its conversion threads; the naive one with Node's defaults, as the obvious way would.
 */
function startPipelineThread(pipeline: PipelineName): {
  convert: () => Promise<PipelineRun>;
  stop: () => Promise<number>;
} {
  const thread = new Worker(path.join(__dirname, 'pipeline-thread.js'), {
    workerData: pipeline,
    ...(pipeline === 'naive' ? {} : { resourceLimits: conversionThreadOptions().resourceLimits }),
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
 * none pays for another's garbage) and taking turns page by page (so that all see the same machine noise),
 * after a warm-up that lets the JIT and the shared jsdom window settle.
 */
export async function benchPipeline(iterations: number): Promise<PipelineBenchResult> {
  const names: PipelineName[] = ['ours', 'naive', 'readability-floor'];
  const threads = names.map(startPipelineThread);
  try {
    for (let i = 0; i < WARMUP_PAGES; i += 1) {
      for (const thread of threads) await thread.convert();
    }
    const runs: PipelineRun[][] = names.map(() => []);
    for (let i = 0; i < iterations; i += 1) {
      for (const [index, thread] of threads.entries()) runs[index].push(await thread.convert());
    }
    const [ours, naive, floor] = runs.map((pipelineRuns) => pipelineRuns.map((run) => run.cpuMs).sort((a, b) => a - b));
    return {
      medianCpuMs: percentile(ours, 0.5),
      p95CpuMs: percentile(ours, 0.95),
      naiveMedianCpuMs: percentile(naive, 0.5),
      readabilityFloorMedianCpuMs: percentile(floor, 0.5),
      markdownChars: runs[0][0]?.outputChars ?? 0,
      naiveMarkdownChars: runs[1][0]?.outputChars ?? 0,
    };
  } finally {
    await Promise.all(threads.map((thread) => thread.stop()));
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
          `naive: median ${result.naiveMedianCpuMs.toFixed(2)} ms CPU, markdown ${result.naiveMarkdownChars} chars\n` +
          `jsdom + Readability on the article alone: median ${result.readabilityFloorMedianCpuMs.toFixed(2)} ms CPU\n`,
      );
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
