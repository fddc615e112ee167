import { type ExtractPageRequest, Subjects } from '@wh/contracts';
import { NatsClient, NatsRequester } from '@wh/platform/messaging';
import { type Infrastructure, startFakeLlm, startStack } from '@wh/testing';
import { cpuSeconds } from '../crawl/process-readings';

/** Percentiles of one series of per-call times, in ms. */
export interface Spread {
  p50: number;
  p90: number;
}

/** extract-service's own time per call, in ms, with the provider's time taken out two ways. */
export interface AddedLatency {
  calls: number;
  /**
   * Round trip less the time the fake server held that very request (from its arrival to the answer's last byte):
   * the added latency the target is about.
   */
  overServedTime: Spread;
  /**
   * Round trip less the scripted delay alone: also charges extract-service with the fake server's body parsing and
   * its timer firing late, so it errs high.
   */
  overScriptedDelay: Spread;
  /** The scripted delay of each answer. */
  providerMs: number;
  /** Median time the fake server held a request, scripted delay included. */
  servedP50: number;
  /**
   * CPU extract-service spent per measured call (user + system, from /proc): what its added latency comes to on an
   * idle core, and a figure that other work on the machine does not inflate.
   */
  cpuMsPerCall: number;
}

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    price: { type: 'number' },
    currency: { type: 'string' },
    inStock: { type: 'boolean' },
    colours: { type: 'array', items: { type: 'string' } },
    warrantyYears: { type: 'integer' },
  },
  required: ['name', 'price'],
};
const ANSWER = {
  name: 'Fjord 2-Person Tent',
  price: 249,
  currency: 'GBP',
  inStock: true,
  colours: ['green'],
  warrantyYears: 2,
};

/** A product page's markdown of about 6 KB, made unique per call so every call misses the answer cache. */
function pageMarkdown(call: number): string {
  const paragraph =
    'Pitches in under five minutes with a single hubbed pole; two doors and two porches leave room for packs and boots. ';
  const sections = ['Overview', 'Materials', 'Pitching', 'In the box', 'Care', 'Delivery and returns'].map(
    (title) => `## ${title}\n\n${paragraph.repeat(8)}`,
  );
  return `# Fjord 2-Person Tent\n\n**Price:** £249.00\n\n${sections.join('\n\n')}\n\nReference ${call}.`;
}

function request(call: number): ExtractPageRequest {
  return {
    teamId: 'bench',
    url: 'https://northwind-outdoor.example/tents/fjord-2',
    markdown: pageMarkdown(call),
    formats: { json: { schema: SCHEMA } },
    deadlineAt: Date.now() + 30_000,
    zeroDataRetention: false,
  };
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p90: percentile(sorted, 0.9) };
}

/**
 * `extract.page.run` through NATS into a running extract-service process (payload validation, the handler, the
 * Postgres answer cache, the provider's HTTP call): the caller's round trip less the provider's time.
 */
export async function addedLatencyOverNats(
  infrastructure: Infrastructure,
  options: { calls: number; warmup: number; delayMs: number },
): Promise<AddedLatency> {
  const llm = await startFakeLlm();
  llm.otherwise(() => ({ kind: 'json', value: ANSWER, delayMs: options.delayMs }));
  const stack = await startStack(infrastructure, {
    services: ['extract-service'],
    env: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'bench-model' },
    label: 'bench-extract',
  });
  const nats = await NatsClient.connect({
    servers: stack.natsUrl,
    namespace: stack.namespace,
    serviceName: 'bench-extract',
  });
  try {
    const requester = new NatsRequester(nats);
    const overServedTime: number[] = [];
    const overScriptedDelay: number[] = [];
    const served: number[] = [];
    const servicePid = stack.processes.get('extract-service')?.pid;
    let cpuAtStart = Number.NaN;
    for (let call = 0; call < options.warmup + options.calls; call += 1) {
      if (call === options.warmup) cpuAtStart = cpuSeconds(servicePid);
      const started = performance.now();
      const reply = await requester.request(Subjects.extractPageRun, request(call), 30_000);
      const total = performance.now() - started;
      if (reply.usage.calls !== 1) throw new Error(`call ${call} made ${reply.usage.calls} model calls, not 1`);
      if (call < options.warmup) continue;
      const servedMs = llm.requests.at(-1)?.servedMs;
      if (servedMs === undefined) throw new Error(`call ${call}: the fake server did not record its time`);
      served.push(servedMs);
      overServedTime.push(total - servedMs);
      overScriptedDelay.push(total - options.delayMs);
    }
    const cpuMsPerCall = ((cpuSeconds(servicePid) - cpuAtStart) * 1000) / served.length;
    return {
      cpuMsPerCall,
      calls: served.length,
      overServedTime: spread(overServedTime),
      overScriptedDelay: spread(overScriptedDelay),
      providerMs: options.delayMs,
      servedP50: spread(served).p50,
    };
  } finally {
    await nats.connection.close();
    await stack.stop();
    await llm.close();
  }
}
