import { Module } from '@nestjs/common';
import { PlatformModule } from '@wh/platform/runtime';
import { BrowserSessionManagerConfig } from './browser-session-manager.config';
import { PlacementModule } from './placement/placement.module';
import { ProfilesModule } from './profiles/profiles.module';
import { ReplicaModule } from './replica/replica.module';
import { SessionsModule } from './sessions/sessions.module';

const SERVICE_NAME = 'browser-session-manager';

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
    PlacementModule,
    ReplicaModule,
    SessionsModule,
    ProfilesModule,
  ],
})
export class BrowserSessionManagerModule {}
