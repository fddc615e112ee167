import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Crawl } from '../jobs/job';
import type { Trx } from './crawl-database';

/** SQL of a change-tracking crawl's hidden pages: what the previous crawl of the same site kept that this one did not. */
@Injectable()
export class HiddenPagesRepository {
  /** Marks the crawl's hidden pages as queued; false when they already were, so they are queued once. */
  async claim(trx: Trx, jobId: string): Promise<boolean> {
    const claimed = await trx
      .updateTable('crawl_jobs')
      .set({ hidden_pages_queued: true })
      .where('id', '=', jobId)
      .where('hidden_pages_queued', '=', false)
      .returning('id')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  /**
   * Queues, as hidden, up to `atMost` pages that the team's newest earlier finished crawl from the same start URL kept
   * and that this crawl has no page for. A previous crawl with zero data retention left nothing to compare with.
   * Returns how many were queued.
   */
  async queueMissing(trx: Trx, crawl: Pick<Crawl, 'id' | 'teamId' | 'url'>, atMost: number): Promise<number> {
    const { rows } = await sql<{ id: string }>`
      with previous as (
        select id from crawl_jobs
        where team_id = ${crawl.teamId} and kind = 'crawl' and url = ${crawl.url} and id <> ${crawl.id}
          and status = 'completed' and zero_data_retention = false
          and created_at < (select created_at from crawl_jobs where id = ${crawl.id})
        order by created_at desc
        limit 1
      ), queued as (
        insert into crawl_pages (job_id, team_id, url_key, url, depth, state, hidden, error)
        select ${crawl.id}, ${crawl.teamId}, old.url_key, old.url, old.depth, 'queued', true, 'null'
        from crawl_pages old
        where old.job_id = (select id from previous) and old.state = 'completed'
          and not exists (select 1 from crawl_pages own where own.job_id = ${crawl.id} and own.url_key = old.url_key)
        order by old.seq
        limit ${atMost}
        on conflict (job_id, url_key) do nothing
        returning id
      ), counted as (
        update crawl_jobs set pages_total = pages_total + (select count(*) from queued)
        where id = ${crawl.id} and exists (select from queued)
      )
      select id from queued`.execute(trx);
    return rows.length;
  }
}
