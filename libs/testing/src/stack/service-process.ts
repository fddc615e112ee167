import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import path from 'node:path';

/** The workspace root, found from this file whether it runs from source (tests) or from dist/ (benchmarks). */
function findRepoRoot(start: string): string {
  for (let directory = start; directory !== path.dirname(directory); directory = path.dirname(directory)) {
    if (existsSync(path.join(directory, 'tools', 'register-paths.js'))) return directory;
  }
  throw new Error(`no workspace root above ${start}`);
}

export const REPO_ROOT = findRepoRoot(__dirname);
const REGISTER = path.join(REPO_ROOT, 'tools/register-paths.js');

/** Runs a compiled entry point of the workspace with the alias resolver preloaded. */
export function spawnCompiled(entry: string, args: string[], env: NodeJS.ProcessEnv, logFile?: string): ChildProcess {
  const child = spawn(process.execPath, ['-r', REGISTER, path.join(REPO_ROOT, 'dist', entry), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (logFile) {
    const log: WriteStream = createWriteStream(logFile, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  return child;
}

/** Runs a compiled command line to the end and returns its standard output. */
export async function runCompiled(entry: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawnCompiled(entry, args, env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`${entry} ${args.join(' ')} exited ${code}: ${stderr}`);
  return stdout;
}

/** Polls `url` until it answers 200; stops (quietly) once `abort` fires. */
export async function waitForHttpOk(url: string, timeoutMs: number, abort?: AbortSignal): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (abort?.aborted) return;
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** Sends SIGTERM and resolves with the exit code (SIGKILL after `graceMs`). */
export async function stopProcess(child: ChildProcess, graceMs = 15_000): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const code = await exited;
  clearTimeout(timer);
  return code;
}
