import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { CHROMIUM_BASE_FLAGS } from '@wh/platform/chromium';

/** Session browsers expose DevTools on loopback only: the replica's own proxy is their one client. */
const CHROMIUM_FLAGS = [
  ...CHROMIUM_BASE_FLAGS,
  '--no-default-browser-check',
  '--disable-breakpad',
  '--remote-debugging-address=127.0.0.1',
  '--remote-debugging-port=0',
  // Chromium reads DevTools commands from fd 3 and quits when that pipe closes: the kernel closes it when the
  // replica dies, even by SIGKILL, so a browser never outlives the process that owns it.
  '--remote-debugging-pipe',
  '--window-size=1280,800',
];

const DEVTOOLS_LINE = /DevTools listening on (ws:\/\/\S+)/;
const START_TIMEOUT_MS = 20_000;
const EXIT_TIMEOUT_MS = 5_000;

/** The browser binary and the flags this replica adds to every session's browser (the egress guard's proxy). */
export interface ChromiumCommand {
  binary: string;
  extraFlags: readonly string[];
}

export interface ChromiumExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * Kills what is left of a browser's process group once the browser itself has exited. A browser killed outright leaves
 * its helpers (zygote, renderers, utility processes) running for a moment, and they write into its user-data folder:
 * one of them recreated the folder after the replica had removed it, so the folder outlived its session.
 */
function killProcessGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is gone already, as after a clean Browser.close.
  }
}

/** One Chromium process with its own user-data folder, reachable on a loopback DevTools WebSocket. */
export class ChromiumProcess {
  /** Resolves when the process has exited, however that happened. */
  readonly exited: Promise<ChromiumExit>;
  private exitInfo: ChromiumExit | undefined;

  private constructor(
    private readonly child: ChildProcess,
    /** `ws://127.0.0.1:<port>/devtools/browser/<id>` */
    readonly browserWsUrl: string,
    readonly userDataDir: string,
  ) {
    this.exited = new Promise((resolve) => {
      const settle = (code: number | null, signal: NodeJS.Signals | null): void => {
        killProcessGroup(child.pid);
        this.exitInfo = { code, signal };
        resolve(this.exitInfo);
      };
      if (child.exitCode !== null || child.signalCode !== null) settle(child.exitCode, child.signalCode);
      else child.once('exit', settle);
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get hasExited(): boolean {
    return this.exitInfo !== undefined;
  }

  static async launch(command: ChromiumCommand, userDataDir: string): Promise<ChromiumProcess> {
    const flags = [...CHROMIUM_FLAGS, `--user-data-dir=${userDataDir}`, ...command.extraFlags, 'about:blank'];
    // fd 3 and 4 are the DevTools pipe (commands in, replies out): held open, never written, its output drained.
    // Its own process group, so that its helpers can be killed with it (see killProcessGroup).
    const child = spawn(command.binary, flags, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], detached: true });
    (child.stdio[4] as Readable | null)?.resume();
    const url = await new Promise<string>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(
        () => fail(new Error('Chromium did not open its DevTools port in time')),
        START_TIMEOUT_MS,
      );
      const onData = (chunk: Buffer): void => {
        seen = (seen + chunk.toString()).slice(-8192);
        const match = DEVTOOLS_LINE.exec(seen);
        if (match?.[1]) {
          cleanup();
          resolve(match[1]);
        }
      };
      const onExit = (code: number | null): void =>
        fail(new Error(`Chromium exited with ${code} before it started: ${seen.slice(-500)}`));
      const onError = (error: Error): void => fail(error);
      const cleanup = (): void => {
        clearTimeout(timer);
        child.stderr?.off('data', onData);
        child.off('exit', onExit);
        child.off('error', onError);
      };
      function fail(error: Error): void {
        cleanup();
        // The helpers it started before failing go with it.
        killProcessGroup(child.pid);
        reject(error);
      }
      child.stderr?.on('data', onData);
      child.once('exit', onExit);
      child.once('error', onError);
    });
    // Keep draining stderr so a chatty browser never blocks on a full pipe.
    child.stderr?.resume();
    return new ChromiumProcess(child, url, userDataDir);
  }

  /** Waits for the process to exit (after Browser.close), killing it when it takes too long. */
  async waitForExit(timeoutMs = EXIT_TIMEOUT_MS): Promise<ChromiumExit> {
    const timer = setTimeout(() => this.kill(), timeoutMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }

  kill(): void {
    if (!this.hasExited) this.child.kill('SIGKILL');
  }
}
