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

  /**
   * The team's webhook signing secret. `candidate` becomes the secret when the team has none yet; concurrent
   * first calls agree on whichever was stored first.
   */
  async webhookSecret(teamId: string, candidate: string): Promise<string | undefined> {
    await this.db
      .updateTable('teams')
      .set({ webhook_secret: candidate })
      .where('id', '=', teamId)
      .where('webhook_secret', 'is', null)
      .execute();
    const row = await this.db.selectFrom('teams').select('webhook_secret').where('id', '=', teamId).executeTakeFirst();
    return row?.webhook_secret ?? undefined;
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
