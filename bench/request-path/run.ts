import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  freePort,
  provideInfrastructure,
  REPO_ROOT,
  type RunningStack,
  spawnCompiled,
  startFixtureServer,
  startStack,
} from '@wh/testing';
import { startNatsServer } from '@wh/tools/dev';
import { writeReportSection } from '../report-section';
import { summarizeProfile } from './cpu-profile';
import { FLOODING_MARK } from './flood';
import { type HandOffResult, measureHandOffs } from './hand-off';
import { natsTraffic, type NatsTraffic, trafficBetween } from './nats-traffic';
import { type MissSplit, MissTimings } from './miss-split';
import { gatewayPool, percentile, runOpenLoop, type OpenLoopResult } from './open-loop';
import { cpuBetween, postgresBackendPids, readCpu } from './process-cpu';
import { type Scenario, scenarios } from './scenarios';
import { createTeamKey } from './stack-helpers';
import {
  type FairnessResult,
  type FloodedWindow,
  type FloodResult,
  renderFairness,
  renderHandOffs,
  renderPhaseTable,
  renderProfiles,
  renderTrafficByClient,
  type PhaseResult,
} from './report';

const SERVICES = ['api-gateway', 'scrape-worker', 'billing-service', 'crawl-scheduler'] as const;
const RATES = [10, 50, 100, 200];
/** `--quick` shortens every phase, to check that the benchmark runs at all. */
const SCALE = process.argv.includes('--quick') ? 0.1 : 1;
const PHASE_MS = 10_000 * SCALE;
/** The target is stated over a minute at 100/s. */
const LONG_PHASE = { rate: 100, durationMs: 60_000 * SCALE };
/** Time for the work a reply does not wait for (charges, cache writes) to finish inside the CPU window. */
const SETTLE_MS = 3_000;
const PROFILE_MS = 20_000 * SCALE;
const FAIRNESS_MS = 15_000 * SCALE;
const QUIET_TEAM_RATE = 20;
const FLOOD_RATE = 400;
/** How long a flood has been going before the quiet team is measured during a flood in progress. */
const FLOOD_WARM_UP_MS = 3_000;
const LIMITED_PLAN_CREDITS = 100_000_000;

interface BenchContext {
  stack: RunningStack;
  natsPid: number;
  natsMonitorUrl: string;
  postgresAdminUrl: string;
  database: string;
}

async function processGroups(context: BenchContext): Promise<Map<string, number[]>> {
  const groups = new Map<string, number[]>();
  for (const service of SERVICES) groups.set(service, [context.stack.processes.get(service)?.pid ?? -1]);
  groups.set('nats-server', [context.natsPid]);
  groups.set('postgres', await postgresBackendPids(context.postgresAdminUrl, context.database));
  groups.set('load generator', [process.pid]);
  return groups;
}

/** Runs `load`, with the CPU of every process and the NATS traffic read before it and once its work has settled. */
async function measured(
  context: BenchContext,
  load: () => Promise<OpenLoopResult>,
): Promise<{ result: OpenLoopResult; cpu: Map<string, number>; traffic: NatsTraffic }> {
  const groupsBefore = await processGroups(context);
  const cpuBefore = readCpu(groupsBefore);
  const trafficBefore = await natsTraffic(context.natsMonitorUrl);
  const result = await load();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const groupsAfter = await processGroups(context);
  const merged = new Map(
    [...groupsAfter].map(([name, pids]) => [name, [...new Set([...pids, ...(groupsBefore.get(name) ?? [])])]]),
  );
  const cpu = cpuBetween(cpuBefore, readCpu(merged));
  return { result, cpu, traffic: trafficBetween(trafficBefore, await natsTraffic(context.natsMonitorUrl)) };
}

async function phase(
  context: BenchContext,
  scenario: Scenario,
  rate: number,
  durationMs: number,
  tag: string,
): Promise<PhaseResult> {
  const pool = gatewayPool(context.stack.baseUrl);
  try {
    const { result, cpu, traffic } = await measured(context, () =>
      runOpenLoop({
        rate,
        durationMs,
        send: (index) => scenario.send(pool, context.stack.apiKey, tag, index),
      }),
    );
    const machineLoad = loadavg()[0] ?? Number.NaN;
    process.stdout.write(
      `${scenario.name} ${rate}/s: p50 ${percentile(result.latenciesMs, 0.5).toFixed(1)} ms, p99 ${percentile(result.latenciesMs, 0.99).toFixed(1)} ms, ${JSON.stringify([...result.statuses])}\n`,
    );
    return { scenario: scenario.name, result, cpu, traffic, machineLoad };
  } finally {
    await pool.close();
  }
}

async function withStack<T>(
  postgresAdminUrl: string,
  env: NodeJS.ProcessEnv,
  label: string,
  work: (context: BenchContext, site: { url: string }) => Promise<T>,
): Promise<T> {
  const natsDir = mkdtempSync(path.join(tmpdir(), 'wh-bench-nats-'));
  const nats = await startNatsServer({
    port: await freePort(),
    monitorPort: await freePort(),
    storeDir: natsDir,
    maxMemory: '256MB',
    maxFile: '2GB',
  });
  const site = await startFixtureServer();
  let stack: RunningStack | undefined;
  try {
    stack = await startStack({ natsUrl: nats.url, postgresAdminUrl }, { services: SERVICES, env, label });
    const database = new URL(stack.databaseUrl).pathname.slice(1);
    return await work({ stack, natsPid: nats.pid, natsMonitorUrl: nats.monitorUrl, postgresAdminUrl, database }, site);
  } finally {
    await stack?.stop();
    await site.close();
    await nats.stop();
    rmSync(natsDir, { recursive: true, force: true });
  }
}

const STACK_ENV: NodeJS.ProcessEnv = { LOG_LEVEL: 'info' };

async function warmUp(context: BenchContext, all: ReturnType<typeof scenarios>): Promise<void> {
  const pool = gatewayPool(context.stack.baseUrl);
  try {
    for (const scenario of [all.cached, all.miss, all.unknownJob]) {
      for (let index = 0; index < 20; index += 1) await scenario.send(pool, context.stack.apiKey, 'warm', index);
    }
  } finally {
    await pool.close();
  }
}

async function measureRates(
  context: BenchContext,
  pageUrl: string,
): Promise<{ phases: PhaseResult[]; missSplit: MissSplit | undefined }> {
  const all = scenarios(pageUrl);
  await warmUp(context, all);
  const phases: PhaseResult[] = [];
  const missTimings = new MissTimings();
  const miss = missTimings.timed(all.miss);
  const slowestMissTag = `r${RATES[0]}`;
  if (argument('--only') === 'cached') {
    phases.push(await phase(context, all.cached, LONG_PHASE.rate, LONG_PHASE.durationMs, 'long'));
    return { phases, missSplit: undefined };
  }
  if (argument('--only') === 'miss') {
    phases.push(await phase(context, miss, RATES[0] ?? 10, PHASE_MS, slowestMissTag));
    return { phases, missSplit: missTimings.split(context.stack.logDir, slowestMissTag) };
  }
  for (const scenario of [all.cached, miss, all.unknownJob]) {
    for (const rate of RATES) {
      const durationMs = scenario === all.cached && rate === LONG_PHASE.rate ? LONG_PHASE.durationMs : PHASE_MS;
      phases.push(await phase(context, scenario, rate, durationMs, `r${rate}`));
    }
  }
  // The dev team is on the unlimited plan; a team whose plan counts credits makes the gateway follow its balance.
  const limitedKey = await createTeamKey(context.stack, 'bench-limited', LIMITED_PLAN_CREDITS);
  const limited: Scenario = {
    name: 'cached hit, team on a limited plan',
    send: (pool, _apiKey, tag, index) => all.cached.send(pool, limitedKey, tag, index),
  };
  await phase(context, limited, 10, 1_000 * SCALE, 'warm-limited');
  phases.push(await phase(context, limited, LONG_PHASE.rate, PHASE_MS, 'limited'));
  return { phases, missSplit: missTimings.split(context.stack.logDir, slowestMissTag) };
}

async function measureFairness(context: BenchContext, pageUrl: string): Promise<FairnessResult> {
  const { cached } = scenarios(pageUrl);
  const quietKey = await createTeamKey(context.stack, 'bench-quiet');
  const floodKey = await createTeamKey(context.stack, 'bench-flood');
  const pool = gatewayPool(context.stack.baseUrl);
  try {
    const quiet = (): Promise<OpenLoopResult> =>
      runOpenLoop({
        rate: QUIET_TEAM_RATE,
        durationMs: FAIRNESS_MS,
        send: (index) => cached.send(pool, quietKey, 'quiet', index),
      });
    const alone = await measured(context, quiet);
    // The flood is a client of its own, as it would be: sharing this event loop, its answers delayed the quiet team's.
    const floodedWindow = async (warmUpMs: number): Promise<FloodedWindow> => {
      const flood = startFlood(context, floodKey, pageUrl, warmUpMs);
      const finished = flood.result.catch((error: unknown) => error as Error);
      if (warmUpMs > 0) await Promise.race([flood.flooding, finished]);
      const { result, cpu } = await measured(context, quiet);
      const floodMeasured = await finished;
      if (floodMeasured instanceof Error) throw floodMeasured;
      return { flooded: result, flood: floodMeasured, cpu };
    };
    // First with the flood's start inside the quiet team's window, then with the quiet team measured during a flood in
    // progress.
    const starting = await floodedWindow(0);
    const inProgress = await floodedWindow(FLOOD_WARM_UP_MS);
    return {
      alone: alone.result,
      cpuAlone: alone.cpu,
      starting,
      inProgress,
      warmUpMs: FLOOD_WARM_UP_MS,
      windowMs: FAIRNESS_MS + SETTLE_MS,
      machineLoad: loadavg()[0] ?? Number.NaN,
    };
  } finally {
    await pool.close();
  }
}

/** The gateway, worker and billing-service profiled (`--cpu-prof`) under 100 cached hits a second. */
async function profile(postgresAdminUrl: string): Promise<Map<string, ReturnType<typeof summarizeProfile>>> {
  const profileDir = mkdtempSync(path.join(tmpdir(), 'wh-bench-prof-'));
  try {
    const pids = await withStack(
      postgresAdminUrl,
      {
        ...STACK_ENV,
        NODE_OPTIONS: `--require=${path.join(__dirname, 'cpu-profiler.preload.js')}`,
        BENCH_CPU_PROFILE_DIR: profileDir,
      },
      'bench-request-path-profile',
      async (context, site) => {
        const all = scenarios(`${site.url}/heavy`);
        await warmUp(context, all);
        const pids = new Map(SERVICES.map((service) => [service, context.stack.processes.get(service)?.pid ?? -1]));
        const toggleProfilers = (): void => {
          for (const pid of pids.values()) process.kill(pid, 'SIGUSR2');
        };
        toggleProfilers();
        await phase(context, all.cached, LONG_PHASE.rate, PROFILE_MS, 'profile');
        toggleProfilers();
        // The profiles are written from the signal handlers, after the signal arrived.
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        return pids;
      },
    );
    const files = readdirSync(profileDir);
    const summaries = new Map<string, ReturnType<typeof summarizeProfile>>();
    for (const service of ['api-gateway', 'scrape-worker', 'billing-service'] as const) {
      const file = files.find((name) => name === `${pids.get(service)}.cpuprofile`);
      if (file) summaries.set(service, summarizeProfile(path.join(profileDir, file)));
    }
    return summaries;
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench:request-path [-- --label before|after] [--only rates|cached|miss|fairness|profile]`: the request path through the real
 * stack (gateway, scrape-worker, billing-service, crawl-scheduler as processes, a nats-server of its own so its
 * monitoring endpoint counts messages, the machine's Postgres) at fixed rates, with the CPU of every process per
 * request, then the fairness of one flooding team against a quiet one, then CPU profiles under 100 cached hits/s.
 * `--only cached` measures the 100 cached hits/s minute alone, for back-to-back comparisons of two builds; `--only
 * miss` the misses at 10/s and the API overhead on them. Runs that measure misses first time the machine's own
 * process-to-process hand-offs (`hand-off.ts`), against which the miss overhead reads.
 * Writes the section "Request path (<label>)" of docs/benchmarks.md.
 */
async function main(): Promise<void> {
  const label = argument('--label') ?? 'latest';
  const only = argument('--only');
  // Before anything of the stack runs, so sleeping processes meet idle cores.
  const handOffs: HandOffResult[] | undefined =
    only === undefined || only === 'rates' || only === 'miss' ? await measureHandOffs() : undefined;
  const infrastructure = await provideInfrastructure();
  try {
    const measuredRun =
      only === 'profile'
        ? undefined
        : await withStack(
            infrastructure.postgresAdminUrl,
            STACK_ENV,
            `bench-request-path-${label}`,
            async (context, site) => {
              const rates = only === 'fairness' ? undefined : await measureRates(context, `${site.url}/heavy`);
              if (!rates) await warmUp(context, scenarios(`${site.url}/heavy`));
              const fairness =
                only === 'cached' || only === 'miss' ? undefined : await measureFairness(context, `${site.url}/heavy`);
              return { rates, fairness };
            },
          );
    const profiles =
      only === 'rates' || only === 'fairness' || only === 'cached' || only === 'miss'
        ? undefined
        : await profile(infrastructure.postgresAdminUrl);
    const raw = path.join(REPO_ROOT, 'tmp', `bench-request-path-${label}.json`);
    writeFileSync(raw, JSON.stringify({ handOffs, measuredRun, profiles: profiles && [...profiles] }, replacer, 1));
    const report = [
      `## Request path (${label})`,
      '',
      `Measured by \`npm run bench:request-path -- --label ${label}\` (bench/request-path/run.ts) on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, Node ${process.version}; raw figures in \`${path.relative(REPO_ROOT, raw)}\`.`,
      '',
      measuredRun?.rates ? renderPhaseTable(measuredRun.rates.phases, measuredRun.rates.missSplit) : '',
      handOffs ? renderHandOffs(handOffs) : '',
      measuredRun?.rates ? renderTrafficByClient(measuredRun.rates.phases) : '',
      measuredRun?.fairness ? renderFairness(measuredRun.fairness) : '',
      profiles ? renderProfiles(profiles) : '',
    ].join('\n');
    writeReportSection(`request-path-${label}`, report);
    process.stdout.write(`${report}\n`);
  } finally {
    await infrastructure.stop();
  }
}

/**
 * The flooding team's client started as a process of its own: `flooding` settles once its warm-up (if any) is over and
 * the measured flood begins, `result` with what it measured once it is done.
 */
function startFlood(
  context: BenchContext,
  floodKey: string,
  pageUrl: string,
  warmupMs: number,
): { flooding: Promise<void>; result: Promise<FloodResult> } {
  const child = spawnCompiled(
    'bench/request-path/flood.js',
    [context.stack.baseUrl, floodKey, pageUrl, String(FLOOD_RATE), String(FAIRNESS_MS), String(warmupMs)],
    process.env,
  );
  let stdout = '';
  let stderr = '';
  let markSeen: () => void = () => undefined;
  const flooding = new Promise<void>((resolve) => (markSeen = resolve));
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.split('\n').includes(FLOODING_MARK)) markSeen();
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const result = new Promise<FloodResult>((resolve, reject) => {
    child.on('exit', (code) => {
      if (code === 0) resolve(parseFloodOutput(stdout));
      else reject(new Error(`the flood exited ${code}: ${stderr}`));
    });
  });
  return { flooding, result };
}

function parseFloodOutput(output: string): FloodResult {
  const parsed = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Omit<FloodResult, 'statuses'> & {
    statuses: [number, number][];
  };
  return { ...parsed, statuses: new Map(parsed.statuses) };
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

function replacer(_key: string, value: unknown): unknown {
  if (value instanceof Map) return Object.fromEntries(value);
  if (Array.isArray(value) && value.length > 200 && typeof value[0] === 'number') return `${value.length} samples`;
  return value;
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
