import type { Kysely } from 'kysely';
import type { BillingDatabase } from '../database/billing-database';

export interface Team {
  id: string;
  name: string;
  concurrencyLimit: number;
}

export class TeamsRepository {
  constructor(private readonly db: Kysely<BillingDatabase>) {}

  async create(name: string, concurrencyLimit: number): Promise<Team> {
    const row = await this.db
      .insertInto('teams')
      .values({ name, concurrency_limit: concurrencyLimit })
      .returning(['id', 'name', 'concurrency_limit'])
      .executeTakeFirstOrThrow();
    return { id: row.id, name: row.name, concurrencyLimit: row.concurrency_limit };
  }

  async findByName(name: string): Promise<Team | undefined> {
    const row = await this.db
      .selectFrom('teams')
      .select(['id', 'name', 'concurrency_limit'])
      .where('name', '=', name)
      .executeTakeFirst();
    return row && { id: row.id, name: row.name, concurrencyLimit: row.concurrency_limit };
  }
}
