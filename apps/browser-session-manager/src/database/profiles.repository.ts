import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@wh/platform/database';
import type { BrowserSessionDatabase } from './browser-session-database';
import type { Trx } from './transactions';

export interface ProfileRow {
  storageKey: string;
  writerSessionId: string | null;
  savedAt: Date | null;
}

/** Saved profiles keyed by team and name; the storage key, not the name, addresses the stored copy. */
@Injectable()
export class ProfilesRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<BrowserSessionDatabase>) {}

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
    await this.db
      .updateTable('browser_profiles')
      .set({ saved_at: new Date() })
      .where('team_id', '=', teamId)
      .where('name', '=', name)
      .execute();
  }

  /** Creates the team's profile if it is new (with a fresh storage key) and locks it; returns its writer. */
  async lockOrCreate(trx: Trx, teamId: string, name: string): Promise<{ writerSessionId: string | null }> {
    await trx
      .insertInto('browser_profiles')
      .values({ team_id: teamId, name, storage_key: randomUUID(), writer_session_id: null, saved_at: null })
      .onConflict((oc) => oc.columns(['team_id', 'name']).doNothing())
      .execute();
    const row = await trx
      .selectFrom('browser_profiles')
      .select(['writer_session_id'])
      .where('team_id', '=', teamId)
      .where('name', '=', name)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return { writerSessionId: row.writer_session_id };
  }

  async setWriter(trx: Trx, teamId: string, name: string, sessionId: string): Promise<void> {
    await trx
      .updateTable('browser_profiles')
      .set({ writer_session_id: sessionId })
      .where('team_id', '=', teamId)
      .where('name', '=', name)
      .execute();
  }

  /** The team's profile, locked until the transaction ends. */
  async lock(
    trx: Trx,
    teamId: string,
    name: string,
  ): Promise<Pick<ProfileRow, 'storageKey' | 'writerSessionId'> | undefined> {
    const row = await trx
      .selectFrom('browser_profiles')
      .select(['storage_key', 'writer_session_id'])
      .where('team_id', '=', teamId)
      .where('name', '=', name)
      .forUpdate()
      .executeTakeFirst();
    return row && { storageKey: row.storage_key, writerSessionId: row.writer_session_id };
  }

  async delete(trx: Trx, teamId: string, name: string): Promise<void> {
    await trx.deleteFrom('browser_profiles').where('team_id', '=', teamId).where('name', '=', name).execute();
  }
}
