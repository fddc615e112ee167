import { createHash } from 'node:crypto';
import { convertHtml } from '@wh/scraping/core';
import { QualityDataset } from './dataset';
import { scoredConversion } from './scored-conversion';

/** A page the parent asks this process to convert. */
export interface CpuRequest {
  id: string;
  url: string;
}

/** The CPU milliseconds one conversion took in this process, and a digest of the markdown it made. */
export interface CpuReply {
  id: string;
  ms: number;
  digest: string;
}

/**
 * A child process of `bench:quality --against`: converts the pages its parent names, with the build whose
 * `tools/register-paths.js` it was started under (that is where `@wh/scraping/core` resolves), and answers with the CPU
 * time of the conversion alone. One process per build keeps each build's heap, JIT and GC to itself.
 */
function serve(folder: string): void {
  const dataset = new QualityDataset(folder);
  process.on('message', (request: CpuRequest) => {
    const html = dataset.html(request.id);
    const start = process.cpuUsage();
    const converted = convertHtml(scoredConversion(html, request.url));
    const used = process.cpuUsage(start);
    // Builds before 50c6098 returned the outputs themselves, and the baselines of older issues are such builds.
    const { markdown } = (converted.outputs ?? converted) as { markdown?: string };
    const digest = createHash('sha256')
      .update(markdown ?? '')
      .digest('hex');
    const reply: CpuReply = { id: request.id, ms: (used.user + used.system) / 1000, digest };
    process.send?.(reply);
  });
}

serve(process.argv[2] ?? '');
