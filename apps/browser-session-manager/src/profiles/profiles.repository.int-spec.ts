import { randomUUID } from 'node:crypto';
import { testDatabase, uniqueName } from '@wh/testing';
import type { BrowserSessionDatabase } from '../database/browser-session-database';
import { ProfilesRepository } from './profiles.repository';

describe('ProfilesRepository', () => {
  const database = testDatabase<BrowserSessionDatabase>();
  let profiles: ProfilesRepository;

  beforeAll(() => {
    profiles = new ProfilesRepository(database.db);
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

  it('deletes a profile no session writes to, handing back its storage key; the same name elsewhere stays', async () => {
    const [team, otherTeam, name] = [uniqueName('team'), uniqueName('team'), uniqueName('profile')];
    const storageKey = await aProfile(team, name);
    await aProfile(otherTeam, name);

    expect(await profiles.deleteUnlessInUse(team, name)).toEqual({ kind: 'deleted', storageKey });
    expect(await profiles.find(team, name)).toBeUndefined();
    expect(await profiles.find(otherTeam, name)).toBeDefined();
    expect(await profiles.deleteUnlessInUse(team, name)).toEqual({ kind: 'missing' });
  });

  it('keeps a profile a session is writing to', async () => {
    const [team, name] = [uniqueName('team'), uniqueName('profile')];
    const writer = randomUUID();
    await aProfile(team, name, writer);

    expect(await profiles.deleteUnlessInUse(team, name)).toEqual({ kind: 'in-use' });
    expect(await profiles.find(team, name)).toMatchObject({ writerSessionId: writer });
  });

  it('lets one of two concurrent deletions delete and tells the other the profile is gone', async () => {
    const [team, name] = [uniqueName('team'), uniqueName('profile')];
    await aProfile(team, name);

    const outcomes = await Promise.all([profiles.deleteUnlessInUse(team, name), profiles.deleteUnlessInUse(team, name)]);

    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['deleted', 'missing']);
  });
});
