import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  Consumers,
  type ScrapeJobCommand,
  type ScrapeJobFinishedEvent,
  scrapeJobFinishedAnnouncement,
  Streams,
} from '@wh/contracts';
import { createLogger } from '@wh/platform/logging';
import { DurableConsumerRunner, JetStreamPublisher, NatsClient } from '@wh/platform/messaging';
import { type DirectScrapeCommand, ScrapeClient } from '@wh/scrape-client';
import { freePort, resolvedScrapeOptions } from '@wh/testing';
import { startNatsServer } from '@wh/tools/dev';
import { percentile, runOpenLoop } from './open-loop';
import { cpuMsOf } from './process-cpu';

/**
 * nats-server's CPU per scrape with the queue and the results on file streams against memory streams, through the
 * gateway's real ScrapeClient and a stand-in worker (the real DurableConsumerRunner, announcing a 27 KB document the
 * way the worker does), in one process against a nats-server of the benchmark's own. Only the storage differs: an
 * `extract` scrape takes the file streams, a `direct` one the memory streams, through the same code. Rounds alternate
 * the order (memory-file, file-memory, ...), so a drift of the machine's load falls on both.
 *
 *   node -r ./tools/register-paths.js dist/bench/request-path/stream-storage.js --rate 100 --seconds 15 --rounds 4
 */

/** The size of a cached hit's document in the request-path benchmark's pages. */
const DOCUMENT_BYTES = 27_000;
const WORKER_SLOTS = 16;

type Storage = 'memory' | 'file';
type ScrapeQueueSubject = (typeof Consumers)['scrapeWorkerJobs' | 'scrapeWorkerDirectJobs']['subject'];
const ORIGIN_OF: Record<Storage, DirectScrapeCommand['origin']> = { memory: 'direct', file: 'extract' };

interface Phase {
  round: number;
  storage: Storage;
  loadAtStart: number;
  loadAtEnd: number;
  answered: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  natsCpuMsPerScrape: number;
  processCpuMsPerScrape: number;
}

const documentJson = JSON.stringify({
  markdown: 'A paragraph of a page as the worker converted it.\n'.repeat(Math.ceil(DOCUMENT_BYTES / 51)),
  metadata: { url: 'https://example.com/', statusCode: 200, cacheState: 'hit' },
});

/** Announces every job's end as the scrape-worker's handler does for a cache hit someone waits for. */
function standInWorker(
  nats: NatsClient,
  publisher: JetStreamPublisher,
  definition: typeof Consumers.scrapeWorkerJobs | typeof Consumers.scrapeWorkerDirectJobs,
): DurableConsumerRunner<ScrapeQueueSubject> {
  return new DurableConsumerRunner<ScrapeQueueSubject>(nats, publisher, createLogger('stream-storage-bench', 'warn'), {
    definition,
    concurrency: WORKER_SLOTS,
    handler: async (job: ScrapeJobCommand) => {
      const finished: ScrapeJobFinishedEvent = {
        jobId: job.jobId,
        teamId: job.teamId,
        status: 'completed',
        credits: 1,
        documentJson,
      };
      const announcement = scrapeJobFinishedAnnouncement(job.origin, job.jobId, job.resultRoute);
      await publisher.publish(announcement.subject, finished, {
        msgId: `${job.jobId}:finished`,
        subjectSuffix: announcement.suffix,
        unconfirmed: true,
      });
    },
  });
}

function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function runPhase(
  client: ScrapeClient,
  natsPid: number,
  round: number,
  storage: Storage,
  rate: number,
  durationMs: number,
): Promise<Phase> {
  const loadAtStart = loadavg()[0] ?? 0;
  const natsBefore = cpuMsOf(natsPid) ?? 0;
  const processBefore = processCpuMs();
  let failed = 0;
  const result = await runOpenLoop({
    rate,
    durationMs,
    send: async () => {
      try {
        await client.runAsTravelled({
          jobId: randomUUID(),
          teamId: 'bench-team',
          url: 'https://example.com/',
          origin: ORIGIN_OF[storage],
          options: resolvedScrapeOptions(),
          deadlineAt: Date.now() + 30_000,
        });
        return 200;
      } catch {
        failed += 1;
        return 0;
      }
    },
  });
  const scrapes = result.latenciesMs.length;
  return {
    round,
    storage,
    loadAtStart,
    loadAtEnd: loadavg()[0] ?? 0,
    answered: scrapes - failed,
    failed,
    p50Ms: percentile(result.latenciesMs, 0.5),
    p99Ms: percentile(result.latenciesMs, 0.99),
    natsCpuMsPerScrape: ((cpuMsOf(natsPid) ?? 0) - natsBefore) / scrapes,
    processCpuMsPerScrape: (processCpuMs() - processBefore) / scrapes,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rate: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '15' },
      rounds: { type: 'string', default: '4' },
    },
  });
  const rate = Number(values.rate);
  const durationMs = Number(values.seconds) * 1000;
  const rounds = Number(values.rounds);

  const workDir = mkdtempSync(path.join(tmpdir(), 'wh-stream-storage-'));
  const server = await startNatsServer({
    port: await freePort(),
    monitorPort: await freePort(),
    storeDir: path.join(workDir, 'nats'),
  });
  const nats = await NatsClient.connect({ servers: server.url, namespace: 'bench', serviceName: 'stream-storage' });
  const publisher = new JetStreamPublisher(nats);
  const workers: DurableConsumerRunner<ScrapeQueueSubject>[] = [];
  try {
    for (const stream of [
      Streams.scrapeJobs,
      Streams.scrapeResults,
      Streams.directScrapeJobs,
      Streams.directScrapeResults,
    ]) {
      await nats.ensureStream(stream);
    }
    for (const consumer of [Consumers.scrapeWorkerJobs, Consumers.scrapeWorkerDirectJobs]) {
      await nats.ensureConsumer(consumer);
      const worker = standInWorker(nats, publisher, consumer);
      await worker.start();
      workers.push(worker);
    }
    const client = new ScrapeClient(nats, publisher);
    // Both paths warmed (JIT, the subscriptions of both origins, the streams' first blocks) before any round counts.
    for (const storage of ['memory', 'file'] as const) await runPhase(client, server.pid, 0, storage, rate, 2_000);

    const phases: Phase[] = [];
    for (let round = 1; round <= rounds; round++) {
      const order: Storage[] = round % 2 === 1 ? ['memory', 'file'] : ['file', 'memory'];
      for (const storage of order) {
        const phase = await runPhase(client, server.pid, round, storage, rate, durationMs);
        phases.push(phase);
        console.log(JSON.stringify(phase));
      }
    }
    console.log(`\n${rate}/s × ${values.seconds} s per phase, ${DOCUMENT_BYTES} B documents\n`);
    console.log(
      '| round | storage | load start → end | answered (failed) | p50 / p99 ms | nats-server CPU ms a scrape | client + worker process CPU ms a scrape |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const phase of phases) {
      console.log(
        `| ${phase.round} | ${phase.storage} | ${phase.loadAtStart.toFixed(1)} → ${phase.loadAtEnd.toFixed(1)} | ` +
          `${phase.answered} (${phase.failed}) | ${phase.p50Ms.toFixed(2)} / ${phase.p99Ms.toFixed(1)} | ` +
          `${phase.natsCpuMsPerScrape.toFixed(2)} | ${phase.processCpuMsPerScrape.toFixed(2)} |`,
      );
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.stop(5_000)));
    await nats.close();
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
