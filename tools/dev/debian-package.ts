import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { describeExit, runCommand } from './processes';

/** Thrown when a program is missing and could not be installed; the message says how to get it. */
export class SystemPackageMissingError extends Error {
  override readonly name = 'SystemPackageMissingError';
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable named `name` on PATH or at one of `wellKnownPaths`. */
export function findExecutable(name: string, wellKnownPaths: readonly string[] = []): string | undefined {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return dirs.map((dir) => path.join(dir, name)).find(isExecutable) ?? wellKnownPaths.find(isExecutable);
}

export interface DebianProgram {
  /** Executable name looked up on PATH. */
  binary: string;
  /** Debian package that provides it. */
  debianPackage: string;
  wellKnownPaths: readonly string[];
  /** Shown when it is missing and cannot be installed here. */
  installHint: string;
}

export interface EnsureProgramOptions {
  /** Install Debian's package when missing and allowed (root on Debian). Default true. */
  install?: boolean;
  /** Progress lines (apt output). */
  log?: (line: string) => void;
}

/**
 * Installs `debianPackage` with apt-get when this process is root on Debian (the project's setup installs system
 * packages itself; nothing is downloaded by a tool); otherwise throws {@link SystemPackageMissingError} with `hint`.
 */
export async function installDebianPackage(
  debianPackage: string,
  hint: string,
  options: EnsureProgramOptions = {},
): Promise<void> {
  const log = options.log ?? ((): void => undefined);
  const aptGet = findExecutable('apt-get', ['/usr/bin/apt-get']);
  const isRoot = process.getuid?.() === 0;
  if (options.install === false || !isRoot || !aptGet || !existsSync('/etc/debian_version')) {
    throw new SystemPackageMissingError(hint);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', debianPackage]]) {
    const { exit } = await runCommand(aptGet, args, { env, onLine: log });
    if (exit.code !== 0) {
      throw new SystemPackageMissingError(`apt-get ${args.join(' ')} failed (${describeExit(exit)}).\n${hint}`);
    }
  }
}

/**
 * Returns the path of `program`, installing its Debian package when it is missing (see
 * {@link installDebianPackage}); throws {@link SystemPackageMissingError} with the program's install hint.
 */
export async function ensureDebianProgram(program: DebianProgram, options: EnsureProgramOptions = {}): Promise<string> {
  const found = findExecutable(program.binary, program.wellKnownPaths);
  if (found) return found;
  options.log?.(`${program.binary} not found: installing the Debian package ${program.debianPackage}`);
  await installDebianPackage(program.debianPackage, program.installHint, options);
  const installed = findExecutable(program.binary, program.wellKnownPaths);
  if (!installed)
    throw new SystemPackageMissingError(
      `apt-get reported success but no ${program.binary} was found.\n${program.installHint}`,
    );
  return installed;
}
