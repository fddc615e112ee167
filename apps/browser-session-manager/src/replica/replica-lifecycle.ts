import { Inject, Injectable } from '@nestjs/common';
import type { Subscription } from 'nats';
import { type BrowserReplicaHeartbeat, Subjects } from '@wh/contracts';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { NatsRequester } from '@wh/platform/messaging';
import { BrowserSessionManagerConfig } from '../browser-session-manager.config';
import { ReplicasRepository } from '../database/replicas.repository';
import { SessionsRepository } from '../database/sessions.repository';
import { SessionHost } from '../sessions/session-host';
import { ReplicaChannel } from './replica-channel';

/** Missed heartbeats after which a replica is presumed dead and its sessions are reaped. */
export const MISSED_HEARTBEATS_BEFORE_DEAD = 5;

/**
 * This replica's place in the fleet: registers itself, answers the commands addressed to it, sends a heartbeat
 * with its free capacity (and its sessions' last activity), and reaps sessions of replicas that went silent.
 * Every replica reaps; ending an ended session is a no-op, so they do not get in each other's way.
 */
@Injectable()
export class ReplicaLifecycle {
  private readonly subscriptions: Subscription[] = [];
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private reaperTimer: NodeJS.Timeout | undefined;
  private readonly endpoint: string;
  private readonly maxSessions: number;
  private readonly heartbeatMs: number;

  constructor(
    @Inject(SessionHost) private readonly host: SessionHost,
    @Inject(ReplicaChannel) private readonly channel: ReplicaChannel,
    @Inject(NatsRequester) private readonly requester: NatsRequester,
    @Inject(ReplicasRepository) private readonly replicas: ReplicasRepository,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(BrowserSessionManagerConfig) config: BrowserSessionManagerConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.endpoint = config.BROWSER_REPLICA_URL ?? `http://127.0.0.1:${config.HTTP_PORT}`;
    this.maxSessions = config.BROWSER_MAX_SESSIONS;
    this.heartbeatMs = config.BROWSER_HEARTBEAT_MS;
  }

  /** Registered in Postgres before the service reports ready, so placement can use it at once. */
  async start(): Promise<void> {
    await this.host.start();
    await this.replicas.recordHeartbeat(this.heartbeat());
    const id = this.host.replicaId;
    this.subscriptions.push(
      this.channel.serve(id, 'launch', (command) => this.host.launch(command.sessionId)),
      this.channel.serve(id, 'stop', async (command) => {
        await this.host.stop(command.sessionId, command.reason);
        // The freed slot counts at once: a client that deletes a session to make room creates the next one now.
        await this.replicas
          .recordHeartbeat(this.heartbeat())
          .catch((error: unknown) =>
            this.logger.warn({ err: error }, 'freed slot not recorded before the next heartbeat'),
          );
      }),
    );
    this.heartbeatTimer = setInterval(() => void this.beat(), this.heartbeatMs);
    this.reaperTimer = setInterval(() => void this.reap(), this.heartbeatMs * 2);
    this.logger.info({ replicaId: id, endpoint: this.endpoint }, 'browser replica registered');
  }

  /**
   * Takes itself out of placement (no free slots), ends its sessions while Postgres and NATS still answer (so they
   * are recorded as `replica_stopped`, not reaped as lost), then deregisters.
   */
  async stop(): Promise<void> {
    clearInterval(this.heartbeatTimer);
    clearInterval(this.reaperTimer);
    for (const subscription of this.subscriptions.splice(0)) subscription.unsubscribe();
    await this.replicas
      .recordHeartbeat({ ...this.heartbeat(), freeSlots: 0 })
      .catch((error: unknown) => this.logger.warn({ err: error }, 'replica not closed to placement'));
    await this.host.close();
    await this.replicas
      .remove(this.host.replicaId)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'replica not deregistered'));
  }

  private heartbeat(): BrowserReplicaHeartbeat {
    return {
      replicaId: this.host.replicaId,
      endpoint: this.endpoint,
      maxSessions: this.maxSessions,
      freeSlots: this.host.freeSlots,
    };
  }

  private async beat(): Promise<void> {
    try {
      await this.requester.request(Subjects.browserReplicaHeartbeat, this.heartbeat(), this.heartbeatMs);
      const running = this.host.runningSessions();
      for (const runtime of running) await this.sessions.recordActivity(runtime.id, runtime.lastActivity);
      await this.closeSessionsEndedElsewhere(running.map((runtime) => runtime.id));
    } catch (error) {
      this.logger.warn({ err: error }, 'heartbeat failed');
    }
  }

  /**
   * A replica that missed its heartbeats (a stalled event loop on a loaded host) may have had its sessions reaped
   * while their browsers ran on: the client was told they ended and their slots were counted free, so they go now.
   */
  private async closeSessionsEndedElsewhere(runningIds: string[]): Promise<void> {
    const closed = await this.host.abandonEnded(await this.sessions.findEnded(runningIds));
    if (closed.length > 0)
      this.logger.warn({ sessionIds: closed }, 'closed browsers of sessions the fleet had already recorded as ended');
  }

  private async reap(): Promise<void> {
    try {
      const silentSince = new Date(Date.now() - this.heartbeatMs * MISSED_HEARTBEATS_BEFORE_DEAD);
      for (const sessionId of await this.sessions.findOrphaned(silentSince, this.host.replicaId)) {
        if (await this.sessions.markEnded(sessionId, 'replica_lost', new Date())) {
          this.logger.warn({ sessionId }, 'session reaped: its replica stopped heart-beating');
        }
      }
      const forgotten = await this.replicas.removeSilent(silentSince);
      if (forgotten > 0) this.logger.info({ replicas: forgotten }, 'silent browser replicas forgotten');
    } catch (error) {
      this.logger.warn({ err: error }, 'reaper run failed');
    }
  }
}
