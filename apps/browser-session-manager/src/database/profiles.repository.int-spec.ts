import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@wh/contracts';
import { testDatabase, uniqueName } from '@wh/testing';
import { DeleteProfile } from '../profiles/delete-profile';
import type { ProfileStore } from '../profiles/profile-store';
import type { BrowserSessionDatabase } from './browser-session-database';
import { ProfilesRepository } from './profiles.repository';
import { Transactions } from './transactions';

describe('ProfilesRepository', () => {
  const database = testDatabase<BrowserSessionDatabase>();
  let profiles: ProfilesRepository;
  let deleteProfile: DeleteProfile;
  const storedCopiesDeleted: string[] = [];

  beforeAll(() => {
    profiles = new ProfilesRepository(database.db);
    const store = { delete: async (key: string) => void storedCopiesDeleted.push(key) } as unknown as ProfileStore;
    deleteProfile = new DeleteProfile(new Transactions(database.db), profiles, store);
  });

  /** A saved profile row; profiles are created by the session that first writes them, not by this repository. */
  async function aProfile(teamId: string, name: string, writerSessionId: string | null = null): Promise<string> {
    const storageKey = randomUUID();
    await database.db
      .insertInto('browser_profiles')
      .values({ team_id: teamId, name, storage_key: storageKey, writer_session_id: writerSessionId, saved_at: null })
      .execute();
    return storageKey;
  }

  it("finds a team's profile by name and never another team's of the same name", async () => {
    const [team, otherTeam, name] = [uniqueName('team'), uniqueName('team'), uniqueName('profile')];
    const storageKey = await aProfile(team, name);
    await aProfile(otherTeam, name);

    expect(await profiles.find(team, name)).toEqual({ storageKey, writerSessionId: null, savedAt: null });
    expect(await profiles.find(uniqueName('team'), name)).toBeUndefined();
  });

  it("marks only the team's own profile saved", async () => {
    const [team, otherTeam, name] = [uniqueName('team'), uniqueName('team'), uniqueName('profile')];
    await aProfile(team, name);
    await aProfile(otherTeam, name);

    await profiles.markSaved(team, name);

    expect((await profiles.find(team, name))?.savedAt).toBeInstanceOf(Date);
    expect((await profiles.find(otherTeam, name))?.savedAt).toBeNull();
  });

  it('deletes a profile no session writes to, and its stored copy; the same name elsewhere stays', async () => {
    const [team, otherTeam, name] = [uniqueName('team'), uniqueName('team'), uniqueName('profile')];
    const storageKey = await aProfile(team, name);
    await aProfile(otherTeam, name);

    expect(await deleteProfile.execute(team, name)).toEqual({ deleted: true });
    expect(storedCopiesDeleted).toContain(storageKey);
    expect(await profiles.find(team, name)).toBeUndefined();
    expect(await profiles.find(otherTeam, name)).toBeDefined();
    await expect(deleteProfile.execute(team, name)).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });

  it('keeps a profile a session is writing to', async () => {
    const [team, name] = [uniqueName('team'), uniqueName('profile')];
    const writer = randomUUID();
    await aProfile(team, name, writer);

    await expect(deleteProfile.execute(team, name)).rejects.toMatchObject({ code: ErrorCode.BrowserProfileInUse });
    expect(await profiles.find(team, name)).toMatchObject({ writerSessionId: writer });
  });

  it('lets one of two concurrent deletions delete and tells the other the profile is gone', async () => {
    const [team, name] = [uniqueName('team'), uniqueName('profile')];
    await aProfile(team, name);

    const outcomes = await Promise.allSettled([deleteProfile.execute(team, name), deleteProfile.execute(team, name)]);

    const kinds = outcomes.map((outcome) =>
      outcome.status === 'fulfilled' ? 'deleted' : (outcome.reason as { code: string }).code,
    );
    expect(kinds.sort()).toEqual([ErrorCode.NotFound, 'deleted'].sort());
  });
});
