import { Inject, Injectable } from '@nestjs/common';
import type { Kysely, Transaction } from 'kysely';
import { DATABASE } from '@wh/platform/database';
import type { BrowserSessionDatabase } from './browser-session-database';

export type Trx = Transaction<BrowserSessionDatabase>;

/**
 * Where services open their transactions. Repositories never open one: a repository method that belongs in a
 * caller's transaction (it locks rows, or is one step of a larger write) takes it as its first argument.
 */
@Injectable()
export class Transactions {
  constructor(@Inject(DATABASE) private readonly db: Kysely<BrowserSessionDatabase>) {}

  run<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }
}
