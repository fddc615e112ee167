import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';

/** How a child process ended. */
export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Renders an exit for humans: "code 1", "signal SIGKILL". */
export function describeExit(exit: ExitInfo): string {
  return exit.signal ? `signal ${exit.signal}` : `code ${exit.code ?? 'unknown'}`;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when the child exits; never rejects (a spawn failure counts as exit code 127). */
export function exitOf(child: ChildProcess): Promise<ExitInfo> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
      return;
    }
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: 127, signal: null }));
  });
}

/** Sends a signal, ignoring a process that is already gone. */
export function signalProcess(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** True while the process runs; a zombie (exited, not yet reaped by its new parent) counts as gone. */
export function isAlive(pid: number): boolean {
  if (!signalProcess(pid, 0)) return false;
  try {
    // /proc/<pid>/stat: "pid (comm) state ..."; comm may contain spaces, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/**
 * Splits a byte stream into lines and hands each complete line to `write`. Keeps a short tail of recent lines
 * so a failure to start can quote what the process said.
 */
export class LineSplitter {
  private pending = '';
  private readonly recent: string[] = [];

  constructor(
    private readonly write: (line: string) => void,
    private readonly keep = 30,
  ) {}

  push(chunk: Buffer | string): void {
    const lines = (this.pending + chunk.toString()).split(/\r?\n/);
    this.pending = lines.pop() ?? '';
    for (const line of lines) this.emit(line);
  }

  flush(): void {
    if (this.pending) this.emit(this.pending);
    this.pending = '';
  }

  tail(): string {
    return this.recent.join('\n');
  }

  private emit(line: string): void {
    this.recent.push(line);
    if (this.recent.length > this.keep) this.recent.shift();
    this.write(line);
  }
}

const COLORS = [36, 33, 35, 32, 34, 91, 96, 93, 95, 92];

/** Builds "name    | " prefixes, coloured per index when `color` is set. */
export function makePrefix(name: string, width: number, index: number, color: boolean): string {
  const label = name.padEnd(width);
  return color ? `\x1b[${COLORS[index % COLORS.length]}m${label} |\x1b[0m ` : `${label} | `;
}

export interface SpawnPrefixedOptions {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Written before every output line. */
  prefix: string;
  /** Own process group: a terminal's Ctrl-C does not reach it, so the caller decides the stop order. */
  detached?: boolean;
  out?: NodeJS.WritableStream;
}

/** A long-running child whose stdout and stderr are relayed line by line with a prefix. */
export interface ManagedProcess {
  readonly name: string;
  readonly pid: number;
  readonly exited: Promise<ExitInfo>;
  isRunning(): boolean;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit and whether it had to be killed. */
  stop(graceMs: number): Promise<ExitInfo & { killed: boolean }>;
  /** Immediate SIGKILL of the process (and its group when detached); safe to call from an 'exit' handler. */
  killNow(): void;
}

/** A server child: its output relayed line by line, its exit observed, and a stop that escalates to SIGKILL. */
export interface SupervisedServer {
  exited: Promise<ExitInfo>;
  /** How the process ended, once it has. */
  exitInfo(): ExitInfo | undefined;
  /** The last lines it printed, for error messages. */
  outputTail(): string;
  /** Sends the stop signal, then SIGKILL after the grace period; resolves once the process is gone. */
  stop(): Promise<void>;
}

export function superviseServer(
  child: ChildProcess,
  onLine: (line: string) => void,
  stopSignal: NodeJS.Signals,
  killAfterMs: number,
): SupervisedServer {
  const lines = new LineSplitter(onLine);
  child.stdout?.on('data', (chunk: Buffer) => lines.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => lines.push(chunk));
  let exitInfo: ExitInfo | undefined;
  const exited = exitOf(child).then((exit) => {
    lines.flush();
    exitInfo = exit;
    return exit;
  });
  const stop = async (): Promise<void> => {
    if (exitInfo || !child.pid) return;
    signalProcess(child.pid, stopSignal);
    const timer = setTimeout(() => child.pid && signalProcess(child.pid, 'SIGKILL'), killAfterMs);
    await exited;
    clearTimeout(timer);
  };
  return { exited, exitInfo: () => exitInfo, outputTail: () => lines.tail(), stop };
}

/** Starts a child whose output lines are prefixed (service logs in `npm start`). */
export function spawnPrefixed(options: SpawnPrefixedOptions): ManagedProcess {
  const out = options.out ?? process.stdout;
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    detached: options.detached ?? false,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const relay = (line: string): void => {
    out.write(`${options.prefix}${line}\n`);
  };
  const stdout = new LineSplitter(relay);
  const stderr = new LineSplitter(relay);
  child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
  const exited = exitOf(child).then((exit) => {
    stdout.flush();
    stderr.flush();
    return exit;
  });
  let running = true;
  void exited.then(() => {
    running = false;
  });
  const pid = child.pid ?? -1;
  const killGroup = (signal: NodeJS.Signals): void => {
    if (pid <= 0) return;
    // The group also holds anything the service started (e.g. a browser), which must not outlive it.
    if (options.detached) signalProcess(-pid, signal);
    else signalProcess(pid, signal);
  };

  return {
    name: options.name,
    pid,
    exited,
    isRunning: () => running,
    killNow: () => killGroup('SIGKILL'),
    async stop(graceMs) {
      if (running && pid > 0) signalProcess(pid, 'SIGTERM');
      let killed = false;
      const timer = setTimeout(() => {
        if (!running) return;
        killed = true;
        killGroup('SIGKILL');
      }, graceMs);
      const exit = await exited;
      clearTimeout(timer);
      if (options.detached) signalProcess(-pid, 'SIGKILL');
      return { ...exit, killed };
    },
  };
}

export interface RunCommandOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Receives every output line (stdout and stderr alike) as it arrives. */
  onLine?: (line: string) => void;
}

/** Runs a short command to completion, relaying its output lines and returning what it printed. */
export async function runCommand(
  command: string,
  args: string[],
  options: RunCommandOptions = {},
): Promise<{ exit: ExitInfo; stdout: string; stderr: string }> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdoutText = '';
  let stderrText = '';
  const relay = (line: string): void => options.onLine?.(line);
  const stdout = new LineSplitter(relay);
  const stderr = new LineSplitter(relay);
  child.stdout?.on('data', (chunk: Buffer) => {
    stdoutText += chunk.toString();
    stdout.push(chunk);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrText += chunk.toString();
    stderr.push(chunk);
  });
  const exit = await exitOf(child);
  stdout.flush();
  stderr.flush();
  return { exit, stdout: stdoutText, stderr: stderrText };
}

/** One GET; resolves with the status code, or undefined when nothing answered in time. */
export function httpStatus(url: string, timeoutMs = 2_000): Promise<number | undefined> {
  return new Promise((resolve) => {
    const request = http.get(url, { timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
  });
}

export interface WaitOptions {
  timeoutMs: number;
  intervalMs?: number;
  /** Returns a reason to give up early (the process died, shutdown began). */
  abortReason?: () => string | undefined;
}

/** Polls `url` until it answers 200. */
export async function waitForHttpOk(url: string, options: WaitOptions): Promise<void> {
  await pollUntil(`${url} to answer 200`, async () => (await httpStatus(url, 1_000)) === 200, options);
}

/** Polls `check` until it returns true; throws on timeout or when `abortReason` gives a reason. */
export async function pollUntil(what: string, check: () => Promise<boolean>, options: WaitOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const reason = options.abortReason?.();
    if (reason) throw new Error(`gave up waiting for ${what}: ${reason}`);
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${options.timeoutMs} ms waiting for ${what}`);
    await sleep(options.intervalMs ?? 100);
  }
}

/** True when nothing listens on host:port (a bind succeeds). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** True when something accepts TCP connections on host:port. */
export function canConnect(port: number, host = '127.0.0.1', timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (result: boolean): void => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Asks the OS for a free TCP port on loopback (tests). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The command line of a live process (Linux /proc), or undefined. */
export function commandLineOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return undefined;
  }
}

/**
 * Stops a process left behind by an earlier run (its parent was killed with SIGKILL), but only when its command
 * line contains `marker`, so a recycled pid never hits an unrelated process. Returns true when one was stopped.
 */
export async function stopLeftover(pid: number, marker: string, signal: NodeJS.Signals = 'SIGTERM'): Promise<boolean> {
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return false;
  if (!commandLineOf(pid)?.includes(marker)) return false;
  signalProcess(pid, signal);
  const deadline = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < deadline) await sleep(100);
  if (isAlive(pid)) signalProcess(pid, 'SIGKILL');
  const killDeadline = Date.now() + 5_000;
  while (isAlive(pid) && Date.now() < killDeadline) await sleep(50);
  return true;
}
