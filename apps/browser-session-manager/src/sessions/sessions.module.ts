import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import { BrowserSessionDatabaseModule } from '../database/database.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { REPLICA_ID, SessionHost } from './session-host';

/** The sessions this replica runs: their Chromium processes, CDP bridges and lifetimes. */
@Module({
  imports: [BrowserSessionDatabaseModule, ProfilesModule],
  providers: [{ provide: REPLICA_ID, useFactory: () => randomUUID() }, SessionHost],
  exports: [SessionHost],
})
export class SessionsModule {}
