import { readdirSync, readFileSync } from 'node:fs';
import { descendantsOf } from './process-tree';

/**
 * A switch of our own on every Chromium the platform starts. Chromium ignores switches it does not know and keeps
 * them on its browser process's command line (not its helpers'), so /proc tells whose browser it is.
 */
const OWNER_SWITCH = '--webharvest-owner=';

/** Scope names go into a command-line switch and are split at the last '/'. */
const SCOPE_PATTERN = /^[A-Za-z0-9_.-]+$/;

function readProc(pid: number | string, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

/** The fields of /proc/<pid>/stat after the command name, which may itself hold spaces and parentheses. */
function statFields(pid: number | string): string[] | undefined {
  const stat = readProc(pid, 'stat');
  return stat === undefined ? undefined : stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * A process's identity that survives pid reuse: its pid and its start time (clock ticks after boot, field 22 of
 * /proc/<pid>/stat). Undefined when no such process runs, or runs as a zombie.
 */
function processIdentity(pid: number): string | undefined {
  const fields = statFields(pid);
  if (!fields || fields[0] === 'Z') return undefined;
  return `${pid}.${fields[19]}`;
}

/** The value of a `--name=` switch on a command line read from /proc. */
function switchValue(args: readonly string[], prefix: string): string | undefined {
  return args.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

/** A Chromium whose owner had died, and which was killed. */
export interface ReapedBrowser {
  pid: number;
  /** Its `--user-data-dir`, for the owner's kind to remove (its layout is theirs to know). */
  userDataDir?: string;
  /** Processes killed: the browser and its helpers. */
  processes: number;
}

/**
 * Marks the Chromium processes a service starts as its own, and kills those a predecessor of the same scope left
 * behind. A service killed with SIGKILL cannot stop its browsers, and a spawned Chromium does not die with its
 * parent; a restarted replica finds them by their owner switch, whose owner process no longer runs, and kills
 * each browser's whole process tree. Linux only (it reads /proc); elsewhere nothing is found.
 */
export class ChromiumOwner {
  /** The switch to add to every Chromium this process starts. */
  readonly flag: string;
  /** Who this process is, in its scope: the switch's value, also for marking what else it owns (folders). */
  readonly mark: string;

  /**
   * @param scope who may reap whose browsers: the deployment and the kind of service (`<namespace>.<service>`),
   *   so a stack never touches another stack's browsers, nor one service another's.
   */
  constructor(readonly scope: string) {
    if (!SCOPE_PATTERN.test(scope)) throw new Error(`invalid Chromium owner scope: ${scope}`);
    this.mark = `${scope}/${processIdentity(process.pid) ?? process.pid}`;
    this.flag = `${OWNER_SWITCH}${this.mark}`;
  }

  /** Kills every browser of this scope whose owner process has gone, with its helpers; returns what it killed. */
  reapOrphans(): ReapedBrowser[] {
    let entries: string[];
    try {
      entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
    } catch {
      return [];
    }
    const reaped: ReapedBrowser[] = [];
    for (const entry of entries) {
      // One read of each process's command line: it names the owner and, for an orphan, its folder.
      const args = readProc(entry, 'cmdline')?.split('\0') ?? [];
      const owner = switchValue(args, OWNER_SWITCH);
      if (!owner || !this.isOrphaned(owner)) continue;
      const pid = Number(entry);
      const userDataDir = switchValue(args, '--user-data-dir=');
      // The tree is read before anything dies: a killed parent's children move to init and out of reach.
      const tree = [pid, ...descendantsOf(pid)];
      for (const member of tree) kill(member);
      reaped.push({ pid, userDataDir, processes: tree.length });
    }
    return reaped;
  }

  /** Whether a mark names an owner of this scope that no longer runs. */
  isOrphaned(owner: string): boolean {
    const separator = owner.lastIndexOf('/');
    if (owner.slice(0, separator) !== this.scope) return false;
    const identity = owner.slice(separator + 1);
    const ownerPid = Number(identity.split('.')[0]);
    if (!Number.isInteger(ownerPid) || ownerPid <= 0) return false;
    return processIdentity(ownerPid) !== identity;
  }
}
