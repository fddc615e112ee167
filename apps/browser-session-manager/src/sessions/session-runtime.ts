import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type WebSocket from 'ws';
import { BROWSER_END_REASONS, type BrowserAccess, type BrowserEndReason } from '@wh/contracts';
import type { Logger } from '@wh/platform/logging';
import type { CdpClient } from '../chromium/cdp-client';
import type { ChromiumProcess } from '../chromium/chromium-process';
import { removeSessionFolder } from '../chromium/warm-pool';
import { Screencast } from '../live-view/screencast';
import type { ProfileStore } from '../profiles/profile-store';
import { CdpBridge } from './cdp-bridge';

/** Cookies that live only as long as the browser; Chromium never writes them to its cookie store. */
export const SESSION_COOKIES_FILE = 'webharvest-session-cookies.json';

const IDLE_CHECK_MS = 1_000;
const BROWSER_EXIT_WAIT_MS = 2_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface SessionSettings {
  id: string;
  expiresAt: Date;
  activityTtlSeconds: number;
  streamWebView: boolean;
  allowPrivateTargets: boolean;
  /** Folder holding `user-data/`, `downloads/` and `uploads/`; removed when the session ends. */
  sessionDir: string;
  profile?: { storageKey: string; saveChanges: boolean };
  /** SHA-256 of each access token: the gateway proves which token it checked. */
  tokenHashes: Record<BrowserAccess, string | null>;
}

export interface SessionEnd {
  reason: BrowserEndReason;
  endedAt: Date;
  /** The profile was saved (only sessions with `saveChanges` whose browser exited cleanly). */
  saved: boolean;
}

/**
 * One running browser session on this replica: its Chromium, client connections, viewers and timers. It ends
 * exactly once (ttl, idle, delete, Browser.close, a dead browser, shutdown) and then closes every socket with
 * the reason, shuts Chromium down, saves the profile when that is its job, and removes its folders.
 */
export class SessionRuntime {
  private readonly bridges = new Set<CdpBridge>();
  private readonly screencast: Screencast | undefined;
  private lastActivityAt = Date.now();
  private pendingCommands = 0;
  private ending: Promise<SessionEnd> | undefined;
  /** Cleared when the fleet already recorded this session as ended: its profile's writer lock went with that. */
  private ownsProfile = true;
  private readonly ttlTimer: NodeJS.Timeout;
  private readonly idleTimer: NodeJS.Timeout;

  constructor(
    readonly settings: SessionSettings,
    private readonly chromium: ChromiumProcess,
    private readonly control: CdpClient,
    private readonly profiles: ProfileStore,
    private readonly logger: Logger,
    private readonly onEnded: (end: SessionEnd) => Promise<void>,
  ) {
    this.ttlTimer = setTimeout(() => void this.end('ttl'), Math.max(0, settings.expiresAt.getTime() - Date.now()));
    this.idleTimer = setInterval(() => this.checkIdle(), IDLE_CHECK_MS);
    void chromium.exited.then(() => this.end('browser_exited'));
    if (settings.streamWebView) this.screencast = new Screencast(control, () => this.touch());
  }

  get id(): string {
    return this.settings.id;
  }

  get lastActivity(): Date {
    return new Date(this.lastActivityAt);
  }

  get isEnding(): boolean {
    return this.ending !== undefined;
  }

  async start(): Promise<void> {
    await this.screencast?.start();
  }

  attachCdpClient(socket: WebSocket): void {
    if (this.ending) {
      socket.close(1011, 'session is ending');
      return;
    }
    this.touch();
    const bridge = new CdpBridge(
      socket,
      this.chromium.browserWsUrl,
      {
        sessionDir: this.settings.sessionDir,
        downloadsDir: path.join(this.settings.sessionDir, 'downloads'),
        allowPrivateTargets: this.settings.allowPrivateTargets,
      },
      {
        onCommand: () => this.touch(),
        onPendingChange: (delta) => {
          this.pendingCommands += delta;
          this.touch();
        },
        onBrowserClose: () => void this.end('browser_closed'),
        onBrowserConnectionLost: () => void this.browserConnectionLost(bridge),
        onClosed: () => this.bridges.delete(bridge),
      },
    );
    this.bridges.add(bridge);
  }

  attachViewer(socket: WebSocket, interactive: boolean): void {
    if (!this.screencast || this.ending) {
      socket.close(1008, this.ending ? 'session is ending' : 'this session does not stream its view');
      return;
    }
    this.screencast.addViewer(socket, interactive);
  }

  /** Ends the session once; later calls get the same outcome. */
  end(reason: BrowserEndReason): Promise<SessionEnd> {
    this.ending ??= this.shutDown(reason);
    return this.ending;
  }

  /**
   * Ends a session the fleet has already recorded as ended (reaped while this replica missed its heartbeats, or
   * stopped while it did not answer). Another session may write its profile by now, so this one does not save it.
   */
  abandon(reason: BrowserEndReason): Promise<SessionEnd> {
    this.ownsProfile = false;
    return this.end(reason);
  }

  /** The socket usually drops a moment before the process exit is seen: wait for it, so clients learn the real reason. */
  private async browserConnectionLost(bridge: CdpBridge): Promise<void> {
    const exited = await Promise.race([
      this.chromium.exited.then(() => true),
      sleep(BROWSER_EXIT_WAIT_MS).then(() => false),
    ]);
    if (exited) await this.end('browser_exited');
    else bridge.close(1011, 'browser connection closed');
  }

  private touch(): void {
    this.lastActivityAt = Date.now();
  }

  private checkIdle(): void {
    // A command still waiting for its answer is activity for as long as it waits.
    if (this.pendingCommands > 0) this.touch();
    if (Date.now() - this.lastActivityAt >= this.settings.activityTtlSeconds * 1000) void this.end('idle');
  }

  private async shutDown(reason: BrowserEndReason): Promise<SessionEnd> {
    clearTimeout(this.ttlTimer);
    clearInterval(this.idleTimer);
    const { closeCode, message } = BROWSER_END_REASONS[reason];
    for (const bridge of this.bridges) bridge.close(closeCode, message);
    this.screencast?.closeViewers(closeCode, message);
    let saved = false;
    try {
      saved = await this.closeBrowser();
    } catch (error) {
      this.logger.warn({ err: error, sessionId: this.id }, 'browser did not shut down cleanly');
    }
    this.chromium.kill();
    await this.chromium.exited;
    await removeSessionFolder(this.settings.sessionDir).catch((error: unknown) =>
      this.logger.warn({ err: error, sessionId: this.id }, 'session folder not removed'),
    );
    const end = { reason, endedAt: new Date(), saved };
    await this.onEnded(end);
    this.logger.info({ sessionId: this.id, reason }, 'browser session ended');
    return end;
  }

  /**
   * Closes Chromium through DevTools so it writes its profile out, then saves the profile when this session owns
   * it. A browser that crashed or had to be killed is never saved: the last good copy stays.
   */
  private async closeBrowser(): Promise<boolean> {
    if (this.chromium.hasExited) return false;
    const saving = this.settings.profile?.saveChanges === true && this.ownsProfile;
    if (saving) {
      const { cookies } = (await this.control.send('Storage.getCookies')) as { cookies: Array<{ session?: boolean }> };
      const sessionCookies = cookies.filter((cookie) => cookie.session === true);
      await writeFile(path.join(this.chromium.userDataDir, SESSION_COOKIES_FILE), JSON.stringify(sessionCookies));
    }
    await this.control.send('Browser.close').catch(() => undefined);
    const exit = await this.chromium.waitForExit();
    if (!saving || !this.settings.profile) return false;
    if (exit.code !== 0) {
      this.logger.warn({ sessionId: this.id, exit }, 'browser did not exit cleanly; profile not saved');
      return false;
    }
    await this.profiles.save(this.settings.profile.storageKey, this.chromium.userDataDir);
    return true;
  }
}
