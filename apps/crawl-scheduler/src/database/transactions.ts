import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@wh/platform/database';
import type { CrawlDatabase, Trx } from './crawl-database';

/**
 * Where services open their transactions. Repositories never open one: a repository method that belongs in a
 * caller's transaction (it locks rows, or is one step of a larger write) takes it as its first argument.
 */
@Injectable()
export class Transactions {
  constructor(@Inject(DATABASE) private readonly db: Kysely<CrawlDatabase>) {}

  run<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }
}
