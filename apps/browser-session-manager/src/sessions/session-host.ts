import { mkdir, readFile } from 'node:fs/promises';
import { freemem } from 'node:os';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type BrowserEndReason } from '@wh/contracts';
import { ChromiumOwner } from '@wh/platform/chromium';
import { chromiumEgressFlags, EgressGuard } from '@wh/platform/egress-guard';
import { DomainError } from '@wh/platform/errors';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { browserSessions, onMetricsScrape } from '@wh/platform/telemetry';
import { BrowserSessionManagerConfig } from '../browser-session-manager.config';
import type { ChromiumCommand } from '../chromium/chromium-process';
import {
  type BrowserLaunchSettings,
  type LaunchedBrowser,
  launchBrowser,
  reapOrphanedBrowsers,
  WarmPool,
} from '../chromium/warm-pool';
import { ProfilesRepository } from '../database/profiles.repository';
import { type SessionRow, SessionsRepository } from '../database/sessions.repository';
import { PROFILE_STORE, type ProfileStore } from '../profiles/profile-store';
import { SESSION_COOKIES_FILE, type SessionEnd, SessionRuntime } from './session-runtime';

/** Injection token of this replica's id, new at every start. */
export const REPLICA_ID = Symbol('REPLICA_ID');

/**
 * The browsers of this replica: starts a session's Chromium (warm from the pool, or cold with its profile
 * loaded), keeps the running sessions, records how each ended, and ends them all when the replica stops.
 */
@Injectable()
export class SessionHost {
  private readonly runtimes = new Map<string, SessionRuntime>();
  private readonly pool: WarmPool;
  private readonly browsers: BrowserLaunchSettings;
  private starting = 0;
  /** Every session browser's traffic goes through it unless private targets are allowed. */
  private egress: EgressGuard | undefined;

  constructor(
    @Inject(REPLICA_ID) readonly replicaId: string,
    @Inject(BrowserSessionManagerConfig) private readonly config: BrowserSessionManagerConfig,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(ProfilesRepository) private readonly profiles: ProfilesRepository,
    @Inject(PROFILE_STORE) private readonly store: ProfileStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.browsers = {
      dataDir: config.BROWSER_DATA_DIR,
      owner: new ChromiumOwner(`${config.WH_NAMESPACE}.browser-session-manager`),
    };
    this.pool = new WarmPool(
      config.BROWSER_WARM_POOL_SIZE,
      () => launchBrowser(this.browsers, this.chromiumCommand()),
      logger,
    );
  }

  async start(): Promise<void> {
    await mkdir(this.config.BROWSER_DATA_DIR, { recursive: true });
    const reaped = await reapOrphanedBrowsers(this.browsers);
    if (reaped > 0) this.logger.warn({ reaped }, 'killed browsers a killed replica of this service left running');
    if (!this.config.ALLOW_PRIVATE_TARGETS) {
      this.egress = await EgressGuard.start({
        onRefusal: (refusal) => this.logger.warn(refusal, 'browser session egress refused'),
      });
    }
    this.pool.refill();
    onMetricsScrape(() => browserSessions.set(this.runningCount));
  }

  get runningCount(): number {
    return this.runtimes.size + this.starting;
  }

  get warmCount(): number {
    return this.pool.idleCount;
  }

  /** Sessions this replica can start now: free slots, unless the host is short of memory. */
  get freeSlots(): number {
    if (freemem() < this.config.BROWSER_MIN_FREE_MEMORY_MB * 1024 * 1024) return 0;
    return Math.max(0, this.config.BROWSER_MAX_SESSIONS - this.runningCount);
  }

  runtime(sessionId: string): SessionRuntime | undefined {
    return this.runtimes.get(sessionId);
  }

  runningSessions(): SessionRuntime[] {
    return [...this.runtimes.values()];
  }

  async launch(sessionId: string): Promise<void> {
    if (this.runtimes.has(sessionId)) return;
    const row = await this.sessions.findById(sessionId);
    if (!row || row.status !== 'active') throw new DomainError(ErrorCode.NotFound, 'Browser session not found');
    if (this.freeSlots === 0)
      throw new DomainError(ErrorCode.BrowserCapacityExhausted, 'This browser host is full', { retryAfterSeconds: 5 });
    this.starting += 1;
    try {
      const profile = row.profileName ? await this.profileOf(row) : undefined;
      const browser = profile
        ? await this.launchWithProfile(profile.storageKey)
        : (this.pool.take() ?? (await launchBrowser(this.browsers, this.chromiumCommand())));
      await this.run(row, browser, profile);
    } finally {
      this.starting -= 1;
    }
  }

  async stop(sessionId: string, reason: BrowserEndReason): Promise<SessionEnd | undefined> {
    return this.runtimes.get(sessionId)?.end(reason);
  }

  /** Ends the browsers of sessions the fleet recorded as ended while they still ran here; returns their ids. */
  async abandonEnded(ended: Array<{ id: string; endReason: BrowserEndReason }>): Promise<string[]> {
    const abandoned = ended.flatMap(({ id, endReason }) => {
      const runtime = this.runtimes.get(id);
      return runtime ? [{ runtime, endReason }] : [];
    });
    await Promise.all(abandoned.map(({ runtime, endReason }) => runtime.abandon(endReason)));
    return abandoned.map(({ runtime }) => runtime.id);
  }

  /** Ends every session (the replica is going away) and stops the warm pool. */
  async close(): Promise<void> {
    await this.pool.close();
    await Promise.all([...this.runtimes.values()].map((runtime) => runtime.end('replica_stopped')));
    await this.egress?.close();
  }

  /** Refuses to start a browser that would go around the egress guard. */
  private chromiumCommand(): ChromiumCommand {
    if (this.config.ALLOW_PRIVATE_TARGETS) return { binary: this.config.CHROMIUM_PATH, extraFlags: [] };
    if (!this.egress) throw new Error('the egress guard is not started: session browsers cannot start yet');
    return { binary: this.config.CHROMIUM_PATH, extraFlags: chromiumEgressFlags(this.egress.proxyServer) };
  }

  private async profileOf(row: SessionRow): Promise<{ storageKey: string; saveChanges: boolean }> {
    const profile = await this.profiles.find(row.teamId, row.profileName ?? '');
    if (!profile) throw new DomainError(ErrorCode.NotFound, 'Browser profile not found');
    return { storageKey: profile.storageKey, saveChanges: row.profileSaveChanges };
  }

  private async launchWithProfile(storageKey: string): Promise<LaunchedBrowser> {
    let loaded = false;
    const browser = await launchBrowser(this.browsers, this.chromiumCommand(), async (userDataDir) => {
      loaded = await this.store.load(storageKey, userDataDir);
    });
    if (loaded) await this.restoreSessionCookies(browser);
    return browser;
  }

  /** Session cookies are saved next to the profile because Chromium itself drops them at exit. */
  private async restoreSessionCookies(browser: LaunchedBrowser): Promise<void> {
    let cookies: unknown[];
    try {
      cookies = JSON.parse(
        await readFile(path.join(browser.chromium.userDataDir, SESSION_COOKIES_FILE), 'utf8'),
      ) as unknown[];
    } catch {
      return;
    }
    if (cookies.length > 0) await browser.control.send('Storage.setCookies', { cookies });
  }

  private async run(
    row: SessionRow,
    browser: LaunchedBrowser,
    profile: { storageKey: string; saveChanges: boolean } | undefined,
  ): Promise<void> {
    const runtime = new SessionRuntime(
      {
        id: row.id,
        expiresAt: row.expiresAt,
        activityTtlSeconds: row.activityTtlSeconds,
        streamWebView: row.streamWebView,
        allowPrivateTargets: this.config.ALLOW_PRIVATE_TARGETS,
        sessionDir: browser.sessionDir,
        profile,
        tokenHashes: row.tokenHashes,
      },
      browser.chromium,
      browser.control,
      this.store,
      this.logger,
      async (end) => {
        this.runtimes.delete(row.id);
        await this.sessions.markEnded(row.id, end.reason, end.endedAt, runtime.lastActivity);
        if (profile?.saveChanges && end.saved) await this.profiles.markSaved(row.teamId, row.profileName ?? '');
      },
    );
    this.runtimes.set(row.id, runtime);
    try {
      await runtime.start();
    } catch (error) {
      await runtime.end('launch_failed');
      throw error;
    }
    this.logger.info({ sessionId: row.id, pid: browser.chromium.pid }, 'browser session started');
  }
}
