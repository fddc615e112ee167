import type { Kysely } from 'kysely';
import type { BillingDatabase } from '../database/billing-database';

export interface ActiveKey {
  keyId: string;
  teamId: string;
  concurrencyLimit: number;
}

export interface KeySummary {
  id: string;
  prefix: string;
  label: string | null;
  createdAt: Date;
  revokedAt: Date | null;
}

export class ApiKeysRepository {
  constructor(private readonly db: Kysely<BillingDatabase>) {}

  async create(teamId: string, keyHash: string, keyPrefix: string, label: string | null): Promise<string> {
    const row = await this.db
      .insertInto('api_keys')
      .values({ team_id: teamId, key_hash: keyHash, key_prefix: keyPrefix, label })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Looks a key up by hash; revoked keys are not found. Not team-scoped: this is how a team is found. */
  async findActiveByHash(keyHash: string): Promise<ActiveKey | undefined> {
    const row = await this.db
      .selectFrom('api_keys')
      .innerJoin('teams', 'teams.id', 'api_keys.team_id')
      .leftJoin('team_plans', 'team_plans.team_id', 'teams.id')
      .leftJoin('billing_plans', 'billing_plans.id', 'team_plans.plan_id')
      // A plan's concurrency overrides the team's own; the unlimited plan sets none.
      .select((eb) => [
        'api_keys.id as keyId',
        'api_keys.team_id as teamId',
        eb.fn.coalesce('billing_plans.concurrency', 'teams.concurrency_limit').as('concurrencyLimit'),
      ])
      .where('api_keys.key_hash', '=', keyHash)
      .where('api_keys.revoked_at', 'is', null)
      .executeTakeFirst();
    return row;
  }

  async listForTeam(teamId: string): Promise<KeySummary[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .select(['id', 'key_prefix', 'label', 'created_at', 'revoked_at'])
      .where('team_id', '=', teamId)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      prefix: row.key_prefix,
      label: row.label,
      createdAt: row.created_at,
      revokedAt: row.revoked_at,
    }));
  }

  /** Revokes one of the team's keys; false when the team has no such active key. */
  /** Revokes an active key; returns its hash, or undefined when the team has no such active key. */
  async revoke(teamId: string, keyId: string): Promise<string | undefined> {
    const row = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('team_id', '=', teamId)
      .where('id', '=', keyId)
      .where('revoked_at', 'is', null)
      .returning('key_hash')
      .executeTakeFirst();
    return row?.key_hash;
  }
}
