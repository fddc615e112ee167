import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ChromiumOwner } from './chromium-owner';
import { descendantsOf } from './process-tree';

/** Running, and not a zombie waiting to be collected. */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** A SIGKILL is delivered asynchronously: a killed process may still run for a moment under a loaded machine. */
async function stopsRunning(pid: number): Promise<boolean> {
  for (let tries = 0; tries < 100; tries += 1) {
    if (!isRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** The identity a process that has exited had: the owner of an orphan. */
function deadOwnerIdentity(): string {
  const { pid } = spawnSync('true');
  return `${pid}.1`;
}

// A stand-in browser: a node process carrying the owner switch, with one helper process below it.
const BROWSER_SCRIPT = `require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); setInterval(() => {}, 1000);`;

describe('ChromiumOwner', () => {
  const started: ChildProcess[] = [];

  function fakeBrowser(ownerSwitch: string): ChildProcess {
    const child = spawn(process.execPath, ['-e', BROWSER_SCRIPT, '--', ownerSwitch, '--user-data-dir=/tmp/wh-x'], {
      stdio: 'ignore',
    });
    started.push(child);
    return child;
  }

  async function withHelper(child: ChildProcess): Promise<number[]> {
    for (let tries = 0; tries < 100; tries += 1) {
      const helpers = descendantsOf(child.pid ?? 0);
      if (helpers.length > 0) return helpers;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the stand-in browser started no helper');
  }

  afterAll(() => {
    for (const child of started) {
      for (const pid of [...descendantsOf(child.pid ?? 0), child.pid ?? 0]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Reaped by the test.
        }
      }
    }
  });

  it('kills the browsers, helpers included, whose owner of the same scope is gone, and only those', async () => {
    const scope = `spec.${process.pid}`;
    const owner = new ChromiumOwner(scope);
    const orphan = fakeBrowser(`--webharvest-owner=${scope}/${deadOwnerIdentity()}`);
    const owned = fakeBrowser(owner.flag);
    const otherScope = fakeBrowser(`--webharvest-owner=spec.other-${process.pid}/${deadOwnerIdentity()}`);
    const [orphanHelper] = await withHelper(orphan);
    await withHelper(owned);
    await withHelper(otherScope);

    const reaped = owner.reapOrphans();

    expect(reaped).toEqual([{ pid: orphan.pid, userDataDir: '/tmp/wh-x', processes: 2 }]);
    await new Promise<void>((resolve) => (orphan.exitCode !== null ? resolve() : orphan.once('exit', () => resolve())));
    expect(await stopsRunning(orphanHelper ?? 0)).toBe(true);
    expect(isRunning(owned.pid ?? 0)).toBe(true);
    expect(isRunning(otherScope.pid ?? 0)).toBe(true);
  });

  it('takes a reused pid for a dead owner: the start time differs', async () => {
    const scope = `spec-reuse.${process.pid}`;
    const owner = new ChromiumOwner(scope);
    const ownPid = owner.flag.slice(owner.flag.lastIndexOf('/') + 1).split('.')[0];
    const orphan = fakeBrowser(`--webharvest-owner=${scope}/${ownPid}.1`);
    await withHelper(orphan);
    expect(owner.reapOrphans().map((browser) => browser.pid)).toEqual([orphan.pid]);
  });

  it("takes a mark of a dead owner of its scope for an orphan, and not its own, another scope's or a bad one", () => {
    const scope = `spec-mark.${process.pid}`;
    const owner = new ChromiumOwner(scope);
    expect(owner.flag).toBe(`--webharvest-owner=${owner.mark}`);
    expect(owner.isOrphaned(`${scope}/${deadOwnerIdentity()}`)).toBe(true);
    expect(owner.isOrphaned(owner.mark)).toBe(false);
    expect(owner.isOrphaned(`spec-other.${process.pid}/${deadOwnerIdentity()}`)).toBe(false);
    expect(owner.isOrphaned(`${scope}/not-a-pid`)).toBe(false);
  });

  it('refuses a scope that would not survive the command line', () => {
    expect(() => new ChromiumOwner('wh/scrape worker')).toThrow(/invalid Chromium owner scope/);
  });
});
