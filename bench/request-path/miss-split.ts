import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestOutcome } from './open-loop';
import type { Scenario } from './scenarios';

/** When one request left the load generator and when its whole reply was read, in epoch milliseconds. */
interface SendTimes {
  sentAt: number;
  repliedAt: number;
  status: RequestOutcome;
}

/** When the worker's handler started a job and how long it took until the job's end was announced. */
interface WorkerJobTimes {
  startedAt: number;
  answeredMs: number;
}

/** The medians of one miss's three parts, each paired by job, and how many misses were paired. */
export interface MissSplit {
  paired: number;
  /** Request sent until the worker's handler started: HTTP, gateway, the job's publish, the stream's delivery. */
  beforeWorkerMs: number;
  /** The worker's own time: cache look-up, fetch, conversion, and the announcement's publish. */
  workerMs: number;
  /** Announcement until the client had read the whole reply: delivery to the gateway, its decode, the reply. */
  afterWorkerMs: number;
  /** A miss's latency less its own job's worker time: what the API adds to the pipeline. */
  overheadMs: number;
}

// Sub-millisecond wall-clock times: Date.now() alone would round each part of a few milliseconds.
function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * Records when each request of a scenario was sent and answered, keyed by the `tag-index` its URL carries, so each
 * miss can be paired with the worker's log line of its own job instead of comparing medians of different samples.
 */
export class MissTimings {
  private readonly sends = new Map<string, SendTimes>();

  timed(scenario: Scenario): Scenario {
    return {
      name: scenario.name,
      send: async (pool, apiKey, tag, index) => {
        const sentAt = epochNow();
        const status = await scenario.send(pool, apiKey, tag, index);
        this.sends.set(`${tag}-${index}`, { sentAt, repliedAt: epochNow(), status });
        return status;
      },
    };
  }

  /** Pairs the answered misses tagged `tag` with the worker's log lines of their jobs (pino, one JSON per line). */
  split(logDir: string, tag: string): MissSplit {
    const jobs = workerJobTimes(logDir, `miss=${tag}-`);
    const before: number[] = [];
    const worker: number[] = [];
    const after: number[] = [];
    const overhead: number[] = [];
    for (const [key, send] of this.sends) {
      const job = jobs.get(key);
      // Only this tag's jobs were read from the log, so a send of another tag finds no job.
      if (!job || send.status !== 200) continue;
      const announcedAt = job.startedAt + job.answeredMs;
      before.push(job.startedAt - send.sentAt);
      worker.push(job.answeredMs);
      after.push(send.repliedAt - announcedAt);
      overhead.push(send.repliedAt - send.sentAt - job.answeredMs);
    }
    return {
      paired: overhead.length,
      beforeWorkerMs: median(before),
      workerMs: median(worker),
      afterWorkerMs: median(after),
      overheadMs: median(overhead),
    };
  }
}

/**
 * The worker's "scrape job finished" lines whose URL holds `marker`, by the `tag-index` after it. The line is
 * written as the job ends, so its time less `ms` is the handler's start (to the millisecond pino's time keeps: each
 * part below is off by up to a millisecond, the overhead, which does not read the log's time, is not).
 */
function workerJobTimes(logDir: string, marker: string): Map<string, WorkerJobTimes> {
  const times = new Map<string, WorkerJobTimes>();
  for (const file of readdirSync(logDir).filter((name) => name.startsWith('scrape-worker'))) {
    for (const line of readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
      if (!line.includes(marker) || !line.includes('scrape job finished')) continue;
      const entry = parseLogLine(line);
      const key = entry?.url?.slice(entry.url.indexOf(marker) + 'miss='.length);
      const loggedAt = entry?.time === undefined ? Number.NaN : Date.parse(entry.time);
      if (!entry || !key || Number.isNaN(loggedAt) || typeof entry.ms !== 'number') continue;
      times.set(key, { startedAt: loggedAt - entry.ms, answeredMs: entry.answeredMs ?? entry.ms });
    }
  }
  return times;
}

/** The fields of a worker's log line read here; `time` is pino's ISO time, to the millisecond. */
interface JobLogLine {
  url?: string;
  time?: string;
  ms?: number;
  answeredMs?: number;
}

function parseLogLine(line: string): JobLogLine | undefined {
  try {
    return JSON.parse(line) as JobLogLine;
  } catch {
    // a line that is not one of the service's JSON log entries
    return undefined;
  }
}

function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1] ?? Number.NaN;
}
