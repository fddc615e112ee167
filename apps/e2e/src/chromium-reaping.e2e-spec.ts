import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { descendantsOf } from '@wh/platform/chromium';
import { callApi, eventually } from '@wh/testing';
import { createSession } from './support/browser-sessions';
import { chromiumChildrenOf } from './support/chromium-processes';
import { useOwnStack } from './support/own-stack';

// Services restart and Chromium starts on a busy two-core machine; these bounds only stop a hung test.
jest.setTimeout(120_000);

const dataDir = mkdtempSync(path.join(tmpdir(), 'wh-e2e-reaping-'));

const own = useOwnStack(
  'chromium-reaping',
  ['api-gateway', 'billing-service', 'scrape-worker', 'browser-session-manager'],
  { BROWSER_DATA_DIR: dataDir, BROWSER_WARM_POOL_SIZE: '1', BROWSER_HEARTBEAT_MS: '500' },
);

/** Running, and not a zombie waiting for init to collect it. */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

function userDataDirOf(pid: number): string {
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  return args.find((arg) => arg.startsWith('--user-data-dir='))?.slice('--user-data-dir='.length) ?? '';
}

interface ChromiumTree {
  /** The browser processes the service started. */
  browsers: number[];
  /** Those and their helpers (zygotes, renderers, utilities). */
  all: number[];
}

/** Every Chromium process below a service process. */
function chromiumTreeOf(service: ChildProcess): ChromiumTree {
  const browsers = chromiumChildrenOf(service.pid ?? 0);
  return { browsers, all: [...browsers, ...browsers.flatMap((pid) => descendantsOf(pid))] };
}

async function killOutright(service: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => service.once('exit', resolve));
  service.kill('SIGKILL');
  await exited;
}

describe('Chromium of a service killed with SIGKILL', () => {
  it('a browser-session-manager killed outright takes its browsers with it; its successor removes their folders', async () => {
    const stack = own.stack();
    await createSession(stack, { streamWebView: false });
    const manager = stack.processes.get('browser-session-manager');
    if (!manager) throw new Error('browser-session-manager is not running');
    // The session's browser and the warm one started in its place.
    const before = await eventually(() => {
      const tree = chromiumTreeOf(manager);
      expect(tree.browsers).toHaveLength(2);
      return tree;
    });
    const foldersBefore = readdirSync(dataDir);
    expect(foldersBefore).toHaveLength(2);

    // Session browsers quit with their manager (--remote-debugging-pipe): nothing is left running, only folders.
    await killOutright(manager);
    await eventually(() => expect(before.all.filter(isRunning)).toEqual([]), { timeoutMs: 5_000 });
    expect(readdirSync(dataDir)).toEqual(foldersBefore);
    const restarted = await stack.startService('browser-session-manager');

    // The new replica's own warm browser is not taken for an orphan.
    const after = await eventually(() => {
      const tree = chromiumTreeOf(restarted);
      expect(tree.browsers).toHaveLength(1);
      return tree;
    });
    expect(after.browsers.every(isRunning)).toBe(true);
    expect(readdirSync(dataDir).filter((folder) => foldersBefore.includes(folder))).toEqual([]);
  });

  it('a scrape-worker killed outright takes its pool browser with it; its successor removes the profile', async () => {
    const stack = own.stack();
    const rendered = await callApi(stack, 'POST', '/v2/scrape', {
      url: `${own.site().url}/app/rendered`,
      waitFor: 100,
      maxAge: 0,
    });
    expect(rendered.status).toBe(200);
    expect(rendered.body.data).toMatchObject({ metadata: { engine: 'chromium' } });
    const worker = stack.processes.get('scrape-worker');
    if (!worker) throw new Error('scrape-worker is not running');
    const before = chromiumTreeOf(worker);
    expect(before.browsers).toHaveLength(1);
    const profile = userDataDirOf(before.browsers[0] ?? 0);
    expect(existsSync(profile)).toBe(true);

    // The pool's browser talks DevTools over a pipe: it quits when the killed worker's end of it closes.
    await killOutright(worker);
    await eventually(() => expect(before.all.filter(isRunning)).toEqual([]), { timeoutMs: 5_000 });
    expect(existsSync(profile)).toBe(true);
    await stack.startService('scrape-worker');
    expect(existsSync(profile)).toBe(false);

    const again = await callApi(stack, 'POST', '/v2/scrape', {
      url: `${own.site().url}/app/rendered`,
      waitFor: 100,
      maxAge: 0,
    });
    expect(again.status).toBe(200);
  });
});
