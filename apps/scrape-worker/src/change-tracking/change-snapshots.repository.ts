import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { ScrapeWorkerDatabase } from '../database/scrape-worker-database';

/** What one team's scrapes of one URL under one tag are filed under. */
export interface SnapshotKey {
  teamId: string;
  url: string;
  tag: string;
}

/** A version of a page as an earlier scrape saw it. */
export interface Snapshot {
  version: number;
  markdown: string;
  scrapedAt: Date;
}

/** The version a scrape is filed as, keyed by the job so a redelivery finds it again. */
export interface NewSnapshot {
  jobId: string;
  markdown: string;
  scrapedAt: Date;
}

function urlKey(url: string): string {
  return createHash('sha256').update(url).digest('hex');
}

/**
 * Change-tracking snapshots: scrape-worker's own table, apart from the page cache. Filing a version and reading the
 * one before it happen under one transaction-scoped advisory lock per (team, URL, tag), so scrapes of the same page
 * at the same moment are put in a line: each compares against the version committed just before its own, none is
 * lost, and the primary key on the version number makes a duplicate impossible even without the lock.
 */
export class ChangeSnapshotsRepository {
  constructor(private readonly db: Kysely<ScrapeWorkerDatabase>) {}

  /** The newest version filed, or undefined when this team never scraped the page under this tag. */
  async latest(key: SnapshotKey): Promise<Snapshot | undefined> {
    return this.newestBefore(this.db, key, undefined);
  }

  /**
   * Files `snapshot` as the next version and returns the version it follows. A job already filed (a redelivery)
   * files nothing and gets the version its first delivery followed.
   */
  async file(key: SnapshotKey, snapshot: NewSnapshot): Promise<Snapshot | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const lockName = JSON.stringify([key.teamId, key.url, key.tag]);
      await sql`select pg_advisory_xact_lock(hashtextextended(${lockName}, 0))`.execute(trx);
      const own = await trx
        .selectFrom('change_tracking_snapshots')
        .select('version')
        .where('job_id', '=', snapshot.jobId)
        .executeTakeFirst();
      const previous = await this.newestBefore(trx, key, own?.version);
      if (own) return previous;
      await trx
        .insertInto('change_tracking_snapshots')
        .values({
          team_id: key.teamId,
          url_key: urlKey(key.url),
          tag: key.tag,
          version: (previous?.version ?? 0) + 1,
          url: key.url,
          job_id: snapshot.jobId,
          markdown: snapshot.markdown,
          scraped_at: snapshot.scrapedAt,
        })
        .execute();
      return previous;
    });
  }

  private async newestBefore(
    db: Kysely<ScrapeWorkerDatabase>,
    key: SnapshotKey,
    version: number | undefined,
  ): Promise<Snapshot | undefined> {
    let query = db
      .selectFrom('change_tracking_snapshots')
      .select(['version', 'markdown', 'scraped_at'])
      .where('team_id', '=', key.teamId)
      .where('url_key', '=', urlKey(key.url))
      .where('tag', '=', key.tag);
    if (version !== undefined) query = query.where('version', '<', version);
    const row = await query.orderBy('version', 'desc').limit(1).executeTakeFirst();
    return row && { version: row.version, markdown: row.markdown, scrapedAt: row.scraped_at };
  }
}
