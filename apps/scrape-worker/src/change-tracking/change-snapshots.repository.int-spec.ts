import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { createKysely } from '@wh/platform/database';
import { testDatabase, uniqueName } from '@wh/testing';
import type { ScrapeWorkerDatabase } from '../database/scrape-worker-database';
import { ChangeSnapshotsRepository, type SnapshotKey } from './change-snapshots.repository';

describe('ChangeSnapshotsRepository', () => {
  const database = testDatabase<ScrapeWorkerDatabase>();
  let snapshots: ChangeSnapshotsRepository;

  beforeAll(() => {
    snapshots = new ChangeSnapshotsRepository(database.db);
  });

  const keyFor = (overrides: Partial<SnapshotKey> = {}): SnapshotKey => ({
    teamId: uniqueName('team'),
    url: `https://example.com/${uniqueName('page')}`,
    tag: '',
    ...overrides,
  });
  const at = (iso: string): Date => new Date(iso);
  const version = (markdown: string, scrapedAt = at('2026-11-25T10:00:00Z')) => ({
    jobId: randomUUID(),
    markdown,
    scrapedAt,
  });

  async function rows(key: SnapshotKey): Promise<{ version: number; markdown: string }[]> {
    return database.db
      .selectFrom('change_tracking_snapshots')
      .select(['version', 'markdown'])
      .where('team_id', '=', key.teamId)
      .where('url', '=', key.url)
      .where('tag', '=', key.tag)
      .orderBy('version')
      .execute();
  }

  it('files versions in order, each answered with the one before it', async () => {
    const key = keyFor();
    expect(await snapshots.latest(key)).toBeUndefined();
    expect(await snapshots.file(key, version('# One', at('2026-11-25T10:00:00Z')))).toBeUndefined();
    expect(await snapshots.file(key, version('# Two', at('2026-11-25T11:00:00Z')))).toEqual({
      version: 1,
      markdown: '# One',
      scrapedAt: at('2026-11-25T10:00:00Z'),
    });
    expect(await snapshots.latest(key)).toEqual({
      version: 2,
      markdown: '# Two',
      scrapedAt: at('2026-11-25T11:00:00Z'),
    });
  });

  it('keeps tags, teams and URLs apart', async () => {
    const key = keyFor({ tag: 'daily' });
    await snapshots.file(key, version('# Daily'));

    expect(await snapshots.latest({ ...key, tag: 'hourly' })).toBeUndefined();
    expect(await snapshots.latest({ ...key, tag: '' })).toBeUndefined();
    expect(await snapshots.latest({ ...key, teamId: uniqueName('team') })).toBeUndefined();
    expect(await snapshots.latest({ ...key, url: `${key.url}/other` })).toBeUndefined();
    expect((await snapshots.latest(key))?.markdown).toBe('# Daily');
  });

  it('files a redelivered job once and answers it with the version its first delivery followed', async () => {
    const key = keyFor();
    await snapshots.file(key, version('# Before'));
    const job = version('# Mine');
    const first = await snapshots.file(key, job);
    await snapshots.file(key, version('# After'));

    expect(await snapshots.file(key, job)).toEqual(first);
    expect(first?.markdown).toBe('# Before');
    expect((await rows(key)).map((row) => row.markdown)).toEqual(['# Before', '# Mine', '# After']);
  });

  it('puts simultaneous scrapes of one page in a line, from two workers: none lost, none duplicated', async () => {
    const key = keyFor({ tag: 'race' });
    // A second pool plays a second scrape-worker replica.
    const other: Kysely<ScrapeWorkerDatabase> = createKysely<ScrapeWorkerDatabase>(database.url, () => undefined, 4);
    try {
      const replicas = [snapshots, new ChangeSnapshotsRepository(other)];
      const scrapes = Array.from({ length: 24 }, (_, index) => `# Version ${index}`);
      const previous = await Promise.all(
        scrapes.map((markdown, index) => replicas[index % 2].file(key, version(markdown))),
      );

      const filed = await rows(key);
      expect(filed.map((row) => row.version)).toEqual(Array.from({ length: 24 }, (_, index) => index + 1));
      expect(new Set(filed.map((row) => row.markdown))).toEqual(new Set(scrapes));
      // Exactly one scrape was first; every other one was answered with the version filed just before its own.
      expect(previous.filter((snapshot) => snapshot === undefined)).toHaveLength(1);
      const byMarkdown = new Map(filed.map((row) => [row.markdown, row.version]));
      scrapes.forEach((markdown, index) => {
        expect(previous[index]?.version ?? 0).toBe((byMarkdown.get(markdown) ?? 0) - 1);
      });
    } finally {
      await other.destroy();
    }
  });

  it('refuses a second row for one version even without the lock', async () => {
    const key = keyFor();
    await snapshots.file(key, version('# One'));
    await expect(
      sql`insert into change_tracking_snapshots (team_id, url_key, tag, version, url, job_id, markdown, scraped_at)
          select team_id, url_key, tag, version, url, ${randomUUID()}, markdown, scraped_at
          from change_tracking_snapshots where team_id = ${key.teamId}`.execute(database.db),
    ).rejects.toThrow(/duplicate key/);
  });
});
