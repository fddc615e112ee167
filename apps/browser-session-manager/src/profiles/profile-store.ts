/**
 * Where saved browser profiles live, keyed by an opaque storage key (never the profile's name). Saving must be
 * all-or-nothing: a crash in the middle leaves the previous copy as the one that loads.
 */
export interface ProfileStore {
  /** Copies the saved profile into `targetDir`; false when nothing was saved yet. */
  load(storageKey: string, targetDir: string): Promise<boolean>;
  /** Saves `sourceDir` as the new copy, replacing the old one only once the new one is complete. */
  save(storageKey: string, sourceDir: string): Promise<void>;
  delete(storageKey: string): Promise<void>;
}

export const PROFILE_STORE = Symbol('PROFILE_STORE');
