import { Session } from 'node:inspector/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { convertHtml } from '@wh/scraping/core';
import type { FetchedPage, StageProfile } from './conversion-stages';

// V8's default: finer sampling costs the profiled thread more than it tells.
const SAMPLING_INTERVAL_US = 1_000;

function convert(page: FetchedPage): string {
  return (
    convertHtml({
      html: page.html,
      url: page.url,
      formats: ['markdown', 'links'],
      onlyMainContent: true,
      includeTags: [],
      excludeTags: [],
      removeBase64Images: true,
    }).outputs.markdown ?? ''
  );
}

async function profile(pages: readonly FetchedPage[], warmUp: number): Promise<StageProfile> {
  for (const page of pages.slice(0, warmUp)) convert(page);
  const measured = pages.slice(warmUp);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
  await session.post('Profiler.start');
  // process.cpuUsage counts the whole process; this thread is the only one working while it runs.
  const before = process.cpuUsage();
  let markdownChars = 0;
  for (const page of measured) markdownChars += convert(page).length;
  const used = process.cpuUsage(before);
  const { profile: result } = await session.post('Profiler.stop');
  session.disconnect();
  return {
    nodes: result.nodes,
    samples: result.samples ?? [],
    timeDeltas: result.timeDeltas ?? [],
    cpuMs: (used.user + used.system) / 1000,
    pages: measured.length,
    markdownChars: markdownChars / measured.length,
  };
}

const { pages, warmUp } = workerData as { pages: FetchedPage[]; warmUp: number };
void profile(pages, warmUp).then((result) => parentPort?.postMessage(result));
