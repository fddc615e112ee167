import type { Kysely } from 'kysely';
import { ENDPOINT_KINDS, type EndpointKind } from '@wh/contracts';
import type { BillingDatabase, RateLimitsColumn } from '../database/billing-database';

/** What every team without a plan of its own gets: no credit limit, no rate limits, its own concurrency. */
export const UNLIMITED_PLAN_ID = 'unlimited';

export interface Plan {
  id: string;
  /** Null: unlimited. */
  creditsPerPeriod: number | null;
  /** Null: the team's own concurrency limit. */
  concurrency: number | null;
  /** LLM tokens per period (reported by the token usage routes); null: unlimited. */
  tokensPerPeriod: number | null;
  /** Requests per minute by endpoint kind; an absent kind is not limited. */
  rateLimits: Partial<Record<EndpointKind, number>>;
}

export interface TeamPlan {
  teamId: string;
  plan: Plan;
  /** The team's own concurrency limit (used when the plan sets none). */
  teamConcurrency: number;
}

export class PlansRepository {
  constructor(private readonly db: Kysely<BillingDatabase>) {}

  /** Creates the plan or replaces its terms; teams on it get the new terms at once. */
  async define(plan: Plan): Promise<void> {
    const values = {
      credits_per_period: plan.creditsPerPeriod,
      concurrency: plan.concurrency,
      tokens_per_period: plan.tokensPerPeriod,
      rate_limits: JSON.stringify(plan.rateLimits),
    };
    await this.db
      .insertInto('billing_plans')
      .values({ id: plan.id, ...values })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
      .execute();
  }

  async find(planId: string): Promise<Plan | undefined> {
    const row = await this.db.selectFrom('billing_plans').selectAll().where('id', '=', planId).executeTakeFirst();
    return row && toPlan(row);
  }

  async list(): Promise<Plan[]> {
    const rows = await this.db.selectFrom('billing_plans').selectAll().orderBy('id').execute();
    return rows.map(toPlan);
  }

  /** Puts a team on a plan; the billing period does not change (periods are calendar months). */
  async assign(teamId: string, planId: string): Promise<void> {
    await this.db
      .insertInto('team_plans')
      .values({ team_id: teamId, plan_id: planId })
      .onConflict((conflict) => conflict.column('team_id').doUpdateSet({ plan_id: planId, updated_at: new Date() }))
      .execute();
  }

  /** The team's plan, "unlimited" when it has none; undefined when the team does not exist. */
  async ofTeam(teamId: string): Promise<TeamPlan | undefined> {
    const row = await this.db
      .selectFrom('teams')
      .leftJoin('team_plans', 'team_plans.team_id', 'teams.id')
      .innerJoin('billing_plans', (join) =>
        join.on((eb) => eb('billing_plans.id', '=', eb.fn.coalesce('team_plans.plan_id', eb.val(UNLIMITED_PLAN_ID)))),
      )
      .select([
        'teams.concurrency_limit',
        'billing_plans.id',
        'billing_plans.credits_per_period',
        'billing_plans.concurrency',
        'billing_plans.tokens_per_period',
        'billing_plans.rate_limits',
      ])
      .where('teams.id', '=', teamId)
      .executeTakeFirst();
    return row && { teamId, plan: toPlan(row), teamConcurrency: row.concurrency_limit };
  }
}

function toPlan(row: {
  id: string;
  credits_per_period: number | null;
  concurrency: number | null;
  tokens_per_period: number | null;
  rate_limits: RateLimitsColumn;
}): Plan {
  const rateLimits: Plan['rateLimits'] = {};
  for (const kind of ENDPOINT_KINDS) {
    const limit = row.rate_limits[kind];
    if (typeof limit === 'number') rateLimits[kind] = limit;
  }
  return {
    id: row.id,
    creditsPerPeriod: row.credits_per_period,
    concurrency: row.concurrency,
    tokensPerPeriod: row.tokens_per_period,
    rateLimits,
  };
}
