import { randomUUID } from 'node:crypto';
import { type BeforeApplicationShutdown, Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@wh/platform/database';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { NatsClient, NatsRequester } from '@wh/platform/messaging';
import { PlatformModule } from '@wh/platform/runtime';
import { BrowserSessionManagerConfig } from './browser-session-manager.config';
import type { BrowserSessionDatabase } from './database/browser-session-database';
import { BrowserSessionsHandler } from './placement/browser-sessions.handler';
import { CreateSession } from './placement/create-session';
import { ReplicasRepository } from './placement/replicas.repository';
import { SessionsRepository } from './placement/sessions.repository';
import { StopSession } from './placement/stop-session';
import { LocalFolderProfileStore } from './profiles/local-folder-profile-store';
import { PROFILE_STORE, type ProfileStore } from './profiles/profile-store';
import { ProfilesRepository } from './profiles/profiles.repository';
import { ReplicaChannel } from './replica/replica-channel';
import { MISSED_HEARTBEATS_BEFORE_DEAD, ReplicaLifecycle } from './replica/replica-lifecycle';
import { SessionSocketServer } from './replica/session-socket-server';
import { SessionHost } from './sessions/session-host';

const SERVICE_NAME = 'browser-session-manager';

type Db = Kysely<BrowserSessionDatabase>;

/** Remote browser sessions: placement and control over NATS, Chromium processes, CDP and live-view sockets. */
@Module({
  imports: [
    PlatformModule.forRoot({
      serviceName: SERVICE_NAME,
      configClass: BrowserSessionManagerConfig,
      streams: [],
      consumers: [],
      database: true,
    }),
  ],
  controllers: [BrowserSessionsHandler],
  providers: [
    { provide: SessionsRepository, inject: [DATABASE], useFactory: (db: Db) => new SessionsRepository(db) },
    { provide: ReplicasRepository, inject: [DATABASE], useFactory: (db: Db) => new ReplicasRepository(db) },
    { provide: ProfilesRepository, inject: [DATABASE], useFactory: (db: Db) => new ProfilesRepository(db) },
    {
      provide: PROFILE_STORE,
      inject: [BrowserSessionManagerConfig],
      useFactory: (config: BrowserSessionManagerConfig) => new LocalFolderProfileStore(config.BROWSER_PROFILE_DIR),
    },
    { provide: ReplicaChannel, inject: [NatsClient, LOGGER], useFactory: (nats: NatsClient, logger: Logger) => new ReplicaChannel(nats, logger) },
    {
      provide: SessionHost,
      inject: [BrowserSessionManagerConfig, SessionsRepository, ProfilesRepository, PROFILE_STORE, LOGGER],
      useFactory: (config: BrowserSessionManagerConfig, sessions: SessionsRepository, profiles: ProfilesRepository, store: ProfileStore, logger: Logger) =>
        new SessionHost(randomUUID(), config, sessions, profiles, store, logger),
    },
    {
      provide: CreateSession,
      inject: [SessionsRepository, ReplicaChannel, BrowserSessionManagerConfig],
      useFactory: (sessions: SessionsRepository, channel: ReplicaChannel, config: BrowserSessionManagerConfig) =>
        new CreateSession(sessions, channel, () => new Date(Date.now() - config.BROWSER_HEARTBEAT_MS * MISSED_HEARTBEATS_BEFORE_DEAD)),
    },
    { provide: StopSession, inject: [SessionsRepository, ReplicaChannel], useFactory: (sessions: SessionsRepository, channel: ReplicaChannel) => new StopSession(sessions, channel) },
    { provide: SessionSocketServer, inject: [SessionHost], useFactory: (host: SessionHost) => new SessionSocketServer(host) },
    {
      provide: ReplicaLifecycle,
      inject: [SessionHost, BrowserSessionManagerConfig, ReplicaChannel, NatsRequester, ReplicasRepository, SessionsRepository, LOGGER],
      useFactory: (
        host: SessionHost,
        config: BrowserSessionManagerConfig,
        channel: ReplicaChannel,
        requester: NatsRequester,
        replicas: ReplicasRepository,
        sessions: SessionsRepository,
        logger: Logger,
      ) =>
        new ReplicaLifecycle(
          host,
          config.BROWSER_REPLICA_URL ?? `http://127.0.0.1:${config.HTTP_PORT}`,
          config.BROWSER_MAX_SESSIONS,
          config.BROWSER_HEARTBEAT_MS,
          channel,
          requester,
          replicas,
          sessions,
          logger,
        ),
    },
  ],
})
export class BrowserSessionManagerModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Inject(ReplicaLifecycle) private readonly lifecycle: ReplicaLifecycle,
    @Inject(SessionSocketServer) private readonly sockets: SessionSocketServer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.lifecycle.start();
  }

  /** Sessions end (and are recorded) while NATS and Postgres are still connected. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.lifecycle.stop();
    this.sockets.close();
  }
}
