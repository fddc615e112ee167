import { type BeforeApplicationShutdown, Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { BrowserSessionDatabaseModule } from '../database/database.module';
import { SessionsModule } from '../sessions/sessions.module';
import { ReplicaChannel } from './replica-channel';
import { ReplicaLifecycle } from './replica-lifecycle';
import { SessionSocketServer } from './session-socket-server';

/** This replica in the fleet: its heartbeat and reaper, the commands addressed to it, and its session sockets. */
@Module({
  imports: [BrowserSessionDatabaseModule, SessionsModule],
  providers: [ReplicaChannel, ReplicaLifecycle, SessionSocketServer],
  exports: [ReplicaChannel, SessionSocketServer],
})
export class ReplicaModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
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
