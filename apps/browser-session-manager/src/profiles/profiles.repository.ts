import type { Kysely } from 'kysely';
import type { BrowserSessionDatabase } from '../database/browser-session-database';

export interface ProfileRow {
  storageKey: string;
  writerSessionId: string | null;
  savedAt: Date | null;
}

/** Saved profiles keyed by team and name; the storage key, not the name, addresses the stored copy. */
export class ProfilesRepository {
  constructor(private readonly db: Kysely<BrowserSessionDatabase>) {}

  async find(teamId: string, name: string): Promise<ProfileRow | undefined> {
    const row = await this.db
      .selectFrom('browser_profiles')
      .select(['storage_key', 'writer_session_id', 'saved_at'])
      .where('team_id', '=', teamId)
      .where('name', '=', name)
      .executeTakeFirst();
    return row && { storageKey: row.storage_key, writerSessionId: row.writer_session_id, savedAt: row.saved_at };
  }

  async markSaved(teamId: string, name: string): Promise<void> {
    await this.db.updateTable('browser_profiles').set({ saved_at: new Date() }).where('team_id', '=', teamId).where('name', '=', name).execute();
  }

  /** Deletes the profile unless a session is writing to it. */
  async deleteUnlessInUse(teamId: string, name: string): Promise<{ kind: 'deleted'; storageKey: string } | { kind: 'in-use' } | { kind: 'missing' }> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('browser_profiles')
        .select(['storage_key', 'writer_session_id'])
        .where('team_id', '=', teamId)
        .where('name', '=', name)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return { kind: 'missing' };
      if (row.writer_session_id) return { kind: 'in-use' };
      await trx.deleteFrom('browser_profiles').where('team_id', '=', teamId).where('name', '=', name).execute();
      return { kind: 'deleted', storageKey: row.storage_key };
    });
  }
}
