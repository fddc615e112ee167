import { Module } from '@nestjs/common';
import { createObjectStorage, LocalFolderStorage } from '@wh/platform/storage';
import { BrowserSessionManagerConfig } from '../browser-session-manager.config';
import { BrowserSessionDatabaseModule } from '../database/database.module';
import { DeleteProfile } from './delete-profile';
import { ObjectStorageProfileStore } from './object-storage-profile-store';
import { PROFILE_STORE } from './profile-store';

/**
 * Saved browser profiles: where their copies are stored, and deleting them. With `STORAGE_URL` they share the
 * files' storage (an S3 bucket in a cluster); without it they stay in `BROWSER_PROFILE_DIR`, which outlives the
 * temporary folder the other services' files default to.
 */
@Module({
  imports: [BrowserSessionDatabaseModule],
  providers: [
    {
      provide: PROFILE_STORE,
      inject: [BrowserSessionManagerConfig],
      useFactory: (config: BrowserSessionManagerConfig) =>
        new ObjectStorageProfileStore(
          config.STORAGE_URL
            ? createObjectStorage({ url: config.STORAGE_URL, namespace: config.WH_NAMESPACE })
            : new LocalFolderStorage(config.BROWSER_PROFILE_DIR),
        ),
    },
    DeleteProfile,
  ],
  exports: [PROFILE_STORE, DeleteProfile],
})
export class ProfilesModule {}
