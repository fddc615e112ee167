import type { summarizeProfile } from './cpu-profile';
import type { HandOffResult } from './hand-off';
import type { MissSplit } from './miss-split';
import type { NatsTraffic } from './nats-traffic';
import { type OpenLoopResult, percentile } from './open-loop';

export interface PhaseResult {
  scenario: string;
  result: OpenLoopResult;
  cpu: Map<string, number>;
  traffic: NatsTraffic;
  /** The machine's one-minute load average when the phase ended: other work on a shared machine shows here. */
  machineLoad: number;
}

const PROCESS_COLUMNS: [string, string][] = [
  ['api-gateway', 'gateway'],
  ['scrape-worker', 'worker'],
  ['billing-service', 'billing'],
  ['crawl-scheduler', 'scheduler'],
  ['nats-server', 'NATS'],
  ['postgres', 'Postgres'],
];

function statusSummary(statuses: Map<number, number>): string {
  return [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status === 0 ? 'no answer' : status}: ${count}`)
    .join(', ');
}

const ms = (value: number): string => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

/** One row per scenario and rate: latencies, answers, CPU ms per request of each process and NATS traffic. */
export function renderPhaseTable(phases: PhaseResult[], missSplit: MissSplit | undefined): string {
  const header = `| scenario | rate/s | answers | p50 | p90 | p99 | max | ${PROCESS_COLUMNS.map(([, short]) => short).join(' | ')} | sum | load gen. | NATS msgs | NATS KB | load avg |`;
  const rows = phases.map(({ scenario, result, cpu, traffic, machineLoad }) => {
    const count = result.latenciesMs.length;
    const perRequest = (name: string): number => (cpu.get(name) ?? 0) / count;
    const sum = PROCESS_COLUMNS.reduce((total, [name]) => total + perRequest(name), 0);
    return `| ${scenario} | ${result.rate} × ${result.durationMs / 1000} s | ${statusSummary(result.statuses)} | ${[0.5, 0.9, 0.99, 1].map((fraction) => ms(percentile(result.latenciesMs, fraction))).join(' | ')} | ${PROCESS_COLUMNS.map(([name]) => perRequest(name).toFixed(2)).join(' | ')} | **${sum.toFixed(2)}** | ${perRequest('load generator').toFixed(2)} | ${((traffic.inMsgs + traffic.outMsgs) / count).toFixed(1)} | ${((traffic.inBytes + traffic.outBytes) / 1024 / count).toFixed(1)} | ${machineLoad.toFixed(1)} |`;
  });
  return `### Latency (ms) and CPU per request (ms), by process

Open-loop load at a fixed rate (request i leaves at i/rate s, whatever the earlier ones do), over keep-alive
connections from this process. CPU is user + system time from \`/proc/<pid>/stat\` (10 ms ticks) between just
before the phase and a few seconds after its last answer (charges and cache writes finish after the reply), divided by the
requests sent; Postgres is the backends of the stack's database. NATS counts are the server's \`/varz\` in + out
messages and bytes per request (a message published to the server and delivered to one subscriber counts twice).
The machine is shared: the last column is its one-minute load average at the end of the phase (2 cores), and
latencies of phases run under a load far above 2 say more about the neighbours than about the stack; CPU per request
is much less sensitive to it.

${header}
|${'---|'.repeat(7 + PROCESS_COLUMNS.length + 5)}
${rows.join('\n')}

${missSplit ? renderMissSplit(missSplit) : ''}`;
}

/**
 * NATS messages per request by client connection: what each service sent to the server and what the server delivered
 * to it; the rest of the server's totals is its own clients' (JetStream storing messages and answering publishes).
 */
export function renderTrafficByClient(phases: PhaseResult[]): string {
  const clients = [...new Set(phases.flatMap(({ traffic }) => [...traffic.byClient.keys()]))].sort();
  const header = `| scenario | rate/s | ${clients.map((client) => `${client} sent / received`).join(' | ')} | server's own |`;
  const rows = phases.map(({ scenario, result, traffic }) => {
    const count = result.latenciesMs.length;
    let counted = 0;
    const cells = clients.map((client) => {
      const messages = traffic.byClient.get(client) ?? { inMsgs: 0, outMsgs: 0 };
      counted += messages.inMsgs + messages.outMsgs;
      return `${(messages.inMsgs / count).toFixed(2)} / ${(messages.outMsgs / count).toFixed(2)}`;
    });
    const own = (traffic.inMsgs + traffic.outMsgs - counted) / count;
    return `| ${scenario} | ${result.rate} | ${cells.join(' | ')} | ${own.toFixed(2)} |`;
  });
  return `### NATS messages per request, by client

From the server's \`/connz\` (each connection is named after its service) over the same windows as the table above.

${header}
|${'---|'.repeat(clients.length + 3)}
${rows.join('\n')}
`;
}

/** The flooding team's requests, and the CPU its own client process used to send them. */
export interface FloodResult extends OpenLoopResult {
  clientCpuMs: number;
}

/** The quiet team measured while another team floods, with what the flood's own client measured. */
export interface FloodedWindow {
  flooded: OpenLoopResult;
  flood: FloodResult;
  /** CPU ms of each process over the window. */
  cpu: Map<string, number>;
}

export interface FairnessResult {
  alone: OpenLoopResult;
  /** CPU ms of each process over the quiet team's window alone. */
  cpuAlone: Map<string, number>;
  /** The flood's first request due as the quiet team's window begins. */
  starting: FloodedWindow;
  /** The quiet team's window beginning once the flood has been going for `warmUpMs`. */
  inProgress: FloodedWindow;
  warmUpMs: number;
  /** The length of each CPU window (the load, then the settling time). */
  windowMs: number;
  machineLoad: number;
}

/** When the quiet team's slowest flooded requests were due, from the flood's start: a start-up burst or a steady queue. */
function slowestAfterFloodStart(window: FloodedWindow, count = 5): string {
  const floodBeganAfter = window.flood.startedAtEpochMs - window.flooded.startedAtEpochMs;
  return [...window.flooded.timeline]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .sort((a, b) => a[0] - b[0])
    .map(([dueMs, latencyMs]) => `${((dueMs - floodBeganAfter) / 1000).toFixed(2)} s (${ms(latencyMs)})`)
    .join(', ');
}

export function renderFairness(fairness: FairnessResult): string {
  const line = (name: string, result: OpenLoopResult): string =>
    `| ${name} | ${result.rate}/s | ${statusSummary(result.statuses)} | ${ms(percentile(result.latenciesMs, 0.5))} | ${ms(percentile(result.latenciesMs, 0.99))} | ${ms(percentile(result.latenciesMs, 1))} |`;
  const ratio = (window: FloodedWindow): string =>
    (percentile(window.flooded.latenciesMs, 0.99) / percentile(fairness.alone.latenciesMs, 0.99)).toFixed(1);
  const perSecond = (cpu: Map<string, number>, name: string): string =>
    (((cpu.get(name) ?? 0) * 1000) / fairness.windowMs).toFixed(0);
  const cpuLine = (name: string, cpu: Map<string, number>): string =>
    `| ${name} | ${PROCESS_COLUMNS.map(([process]) => perSecond(cpu, process)).join(' | ')} | ${perSecond(cpu, 'load generator')} |`;
  const clientCpu = (flood: FloodResult): string => ((flood.clientCpuMs * 1000) / flood.durationMs).toFixed(0);
  const warmUp = `${(fairness.warmUpMs / 1000).toFixed(0)} s`;
  return `### One team flooding, another one quiet (cached hits)

| team | rate | answers | p50 | p99 | max |
|---|---|---|---|---|---|
${line('quiet team alone', fairness.alone)}
${line('quiet team as the other starts flooding', fairness.starting.flooded)}
${line('flooding team, from its start', fairness.starting.flood)}
${line(`quiet team during a flood in progress (begun ${warmUp} before)`, fairness.inProgress.flooded)}
${line('flooding team, in progress', fairness.inProgress.flood)}

The quiet team's p99 over its p99 alone (target at most 2x): **${ratio(fairness.starting)}x** as the flood starts,
**${ratio(fairness.inProgress)}x** during a flood in progress; one-minute load average at the end:
${fairness.machineLoad.toFixed(1)}. The quiet team's five slowest requests as the flood starts, as seconds after the
flood's first request was due and their latency: ${slowestAfterFloodStart(fairness.starting)}; during the flood in
progress, from the first request of its measured part: ${slowestAfterFloodStart(fairness.inProgress)}.

CPU ms per second of each process over each window. The flood's own client, a process of its own on the same cores,
used ${clientCpu(fairness.starting.flood)} ms a second over its first ${(fairness.starting.flood.durationMs / 1000).toFixed(0)} s (after loading its modules), and
${clientCpu(fairness.inProgress.flood)} ms a second over the same length of a flood in progress:

| window | ${PROCESS_COLUMNS.map(([, short]) => short).join(' | ')} | quiet team's client |
|${'---|'.repeat(PROCESS_COLUMNS.length + 2)}
${cpuLine('quiet team alone', fairness.cpuAlone)}
${cpuLine('as the flood starts', fairness.starting.cpu)}
${cpuLine('during a flood in progress', fairness.inProgress.cpu)}
`;
}

export function renderProfiles(profiles: Map<string, ReturnType<typeof summarizeProfile>>): string {
  const sections = [...profiles].map(([service, summary]) => {
    const rows = (costs: { frame: string; ms: number }[]): string =>
      costs
        .slice(0, 12)
        .map(
          (cost) =>
            `| ${cost.frame.replace(/\|/g, '\\|')} | ${cost.ms.toFixed(0)} | ${((100 * cost.ms) / summary.busyMs).toFixed(1)} % |`,
        )
        .join('\n');
    return `#### ${service} (${summary.busyMs.toFixed(0)} ms busy)

| self time by origin | ms | share |
|---|---|---|
${rows(summary.byOrigin)}

| hottest frames, self time | ms | share |
|---|---|---|
${rows(summary.topSelf)}

| hottest frames, inclusive | ms | share |
|---|---|---|
${rows(summary.topInclusive)}
`;
  });
  return `### CPU profiles under 100 cached hits/s (\`--cpu-prof\`, 20 s)

${sections.join('\n')}`;
}

/** A miss at 10/s in three parts, each paired with the worker's log line of its own job. */
function renderMissSplit(split: MissSplit): string {
  return [
    `API overhead on a cache miss at 10/s: **${split.overheadMs.toFixed(1)} ms**, the median over ${split.paired} misses`,
    "of each one's latency less its own job's worker time (`answeredMs`: from the handler's start to the announcement",
    "of its end). Its parts, medians of each miss's own figures (the worker's log keeps milliseconds, so each is off",
    "by up to one): request sent until the worker's handler started (HTTP, gateway, the job's publish, the stream's",
    `delivery) **${split.beforeWorkerMs.toFixed(1)} ms**; the worker **${split.workerMs.toFixed(1)} ms**; announcement`,
    `until the whole reply was read (delivery to the gateway, its decode, the reply) **${split.afterWorkerMs.toFixed(1)} ms**.`,
  ].join('\n');
}

/** The machine's own floor: a message from one process to another and back, with none of the stack's code. */
export function renderHandOffs(handOffs: readonly HandOffResult[]): string {
  const rows = handOffs.map(
    ({ pace, samples, p50Ms, p90Ms }) => `| ${pace} | ${samples} | ${p50Ms.toFixed(3)} | ${p90Ms.toFixed(3)} |`,
  );
  return `### Process hand-offs on this machine (before the stack started)

200 bytes from this process to a Node echo server over loopback TCP and back (\`hand-off.ts\`), in ms: the floor under
each of a request's hops. A cache miss crosses six one-way hand-offs besides the worker (client, gateway, nats-server,
worker and back), so half the round trip's difference between sleeping and busy processes, times six, is what an idle
machine adds to the miss overhead without any code of ours running longer.

| pace | samples | p50 | p90 |
|---|---|---|---|
${rows.join('\n')}
`;
}
