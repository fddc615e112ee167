import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ChromiumOwner } from '@wh/platform/chromium';
import type { Logger } from '@wh/platform/logging';
import { CdpClient } from './cdp-client';
import { type ChromiumCommand, ChromiumProcess } from './chromium-process';

/** A started browser with its own folders and a DevTools connection of the replica. */
export interface LaunchedBrowser {
  chromium: ChromiumProcess;
  control: CdpClient;
  /** Holds `user-data/`, `downloads/` and `uploads/`. */
  sessionDir: string;
}

export const USER_DATA_FOLDER = 'user-data';
/** A file in each session folder naming the replica that owns it, so a successor knows what it may remove. */
const OWNER_FILE = 'owner';

/**
 * Removes a browser's session folder. Chromium's helper processes outlive a killed browser for a moment and may
 * still write into its profile while the folder is being emptied (ENOTEMPTY): removal tries again meanwhile.
 */
export async function removeSessionFolder(sessionDir: string): Promise<void> {
  await rm(sessionDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}

/** Where and as whose a replica starts its browsers. */
export interface BrowserLaunchSettings {
  /** Holds one folder per browser. */
  dataDir: string;
  /** Marks each browser as this replica's, so a successor can reap it after a SIGKILL. */
  owner: ChromiumOwner;
}

/** Starts one browser with `command` in a fresh session folder, optionally filled first (a profile being loaded). */
export async function launchBrowser(
  settings: BrowserLaunchSettings,
  command: ChromiumCommand,
  prepare?: (userDataDir: string) => Promise<void>,
): Promise<LaunchedBrowser> {
  const sessionDir = path.join(settings.dataDir, randomUUID());
  const userDataDir = path.join(sessionDir, USER_DATA_FOLDER);
  try {
    await mkdir(path.join(sessionDir, 'downloads'), { recursive: true });
    await mkdir(path.join(sessionDir, 'uploads'), { recursive: true });
    await writeFile(path.join(sessionDir, OWNER_FILE), settings.owner.mark);
    if (prepare) await prepare(userDataDir);
    await mkdir(userDataDir, { recursive: true });
    const chromium = await ChromiumProcess.launch(
      { ...command, extraFlags: [...command.extraFlags, settings.owner.flag] },
      userDataDir,
    );
    try {
      return { chromium, control: await CdpClient.connect(chromium.browserWsUrl), sessionDir };
    } catch (error) {
      chromium.kill();
      throw error;
    }
  } catch (error) {
    await removeSessionFolder(sessionDir);
    throw error;
  }
}

/**
 * Kills the browsers (warm or in a session) that a replica of this scope left running when it was killed, and
 * removes their session folders; returns how many browsers there were. Their sessions are ended by the replicas'
 * heartbeat. Browsers quit with their replica (see ChromiumProcess), so mostly only folders are left: those whose
 * owner file names a replica of this scope that no longer runs go too; other replicas' on the same host stay.
 */
export async function reapOrphanedBrowsers(settings: BrowserLaunchSettings): Promise<number> {
  const reaped = settings.owner.reapOrphans();
  const dataDir = path.resolve(settings.dataDir);
  for (const { userDataDir } of reaped) {
    const sessionDir = userDataDir && path.dirname(path.resolve(userDataDir));
    if (sessionDir && path.dirname(sessionDir) === dataDir) await removeSessionFolder(sessionDir);
  }
  for (const folder of await readdir(dataDir).catch(() => [])) {
    const owner = await readFile(path.join(dataDir, folder, OWNER_FILE), 'utf8').catch(() => undefined);
    if (owner !== undefined && settings.owner.isOrphaned(owner.trim())) {
      await removeSessionFolder(path.join(dataDir, folder));
    }
  }
  return reaped.length;
}

/**
 * Browsers started ahead of demand, so a session without a profile gets one in milliseconds instead of the
 * half second Chromium needs to start. Refilled one at a time in the background after each take.
 */
export class WarmPool {
  private readonly idle: LaunchedBrowser[] = [];
  private filling: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly launch: () => Promise<LaunchedBrowser>,
    private readonly logger: Logger,
  ) {}

  get idleCount(): number {
    return this.idle.length;
  }

  /** A warm browser, or undefined when none is ready. */
  take(): LaunchedBrowser | undefined {
    let browser = this.idle.shift();
    while (browser?.chromium.hasExited) browser = this.idle.shift();
    this.refill();
    return browser;
  }

  refill(): void {
    if (this.closed || this.filling) return;
    this.filling = (async () => {
      while (!this.closed && this.idle.length < this.size) {
        try {
          const browser = await this.launch();
          if (this.closed) await discard(browser);
          else this.idle.push(browser);
        } catch (error) {
          this.logger.warn({ err: error }, 'warm browser did not start');
          break;
        }
      }
    })().finally(() => {
      this.filling = undefined;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.filling;
    await Promise.all(this.idle.splice(0).map(discard));
  }
}

export async function discard(browser: LaunchedBrowser): Promise<void> {
  browser.control.close();
  browser.chromium.kill();
  await browser.chromium.exited;
  await removeSessionFolder(browser.sessionDir);
}
