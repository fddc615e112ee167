import { Module } from '@nestjs/common';
import { BrowserSessionDatabaseModule } from '../database/database.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { ReplicaModule } from '../replica/replica.module';
import { BrowserSessionsHandler } from './browser-sessions.handler';
import { CreateSession } from './create-session';
import { SessionPlacement } from './session-placement.service';
import { StopSession } from './stop-session';

/** The control plane any replica answers: creating (placing), stopping, listing and authorising sessions. */
@Module({
  imports: [BrowserSessionDatabaseModule, ProfilesModule, ReplicaModule],
  controllers: [BrowserSessionsHandler],
  providers: [SessionPlacement, CreateSession, StopSession],
})
export class PlacementModule {}
