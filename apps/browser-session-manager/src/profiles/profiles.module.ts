import { Module } from '@nestjs/common';
import { BrowserSessionManagerConfig } from '../browser-session-manager.config';
import { BrowserSessionDatabaseModule } from '../database/database.module';
import { DeleteProfile } from './delete-profile';
import { LocalFolderProfileStore } from './local-folder-profile-store';
import { PROFILE_STORE } from './profile-store';

/** Saved browser profiles: where their copies are stored, and deleting them. */
@Module({
  imports: [BrowserSessionDatabaseModule],
  providers: [
    {
      provide: PROFILE_STORE,
      inject: [BrowserSessionManagerConfig],
      useFactory: (config: BrowserSessionManagerConfig) => new LocalFolderProfileStore(config.BROWSER_PROFILE_DIR),
    },
    DeleteProfile,
  ],
  exports: [PROFILE_STORE, DeleteProfile],
})
export class ProfilesModule {}
