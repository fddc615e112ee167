import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ENDPOINT_KINDS, type EndpointKind } from '@wh/contracts';
import type { BillingDatabase } from '../database/billing-database';
import { billingPeriodAt } from '../ledger/billing-period';
import { CreditBalanceService } from '../ledger/credit-balance.service';
import { LedgerRepository } from '../ledger/ledger.repository';
import { ReservationsRepository } from '../ledger/reservations.repository';
import { type Plan, PlansRepository } from '../plans/plans.repository';
import type { Team } from '../teams/teams.repository';

/** `scrape=10,crawl=2` as per-minute limits; an unknown kind or a non-positive number is refused. */
export function parseRateLimits(text: string | undefined): Plan['rateLimits'] {
  const limits: Plan['rateLimits'] = {};
  for (const pair of (text ?? '').split(',').filter(Boolean)) {
    const [kind, value] = pair.split('=');
    const perMinute = Number(value);
    if (!ENDPOINT_KINDS.includes(kind as EndpointKind) || !Number.isInteger(perMinute) || perMinute < 1) {
      throw new Error(`bad rate limit "${pair}": use <kind>=<per minute>, kinds ${ENDPOINT_KINDS.join(', ')}`);
    }
    limits[kind as EndpointKind] = perMinute;
  }
  return limits;
}

function positiveInteger(text: string | undefined, what: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${what} must be a whole number above 0`);
  return value;
}

/** A per-period allowance: a whole number of at least 0, or null for "unlimited" (also when the option is absent). */
function allowance(text: string | undefined, option: string): number | null {
  if (text === undefined || text === 'unlimited') return null;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${option} must be a whole number of at least 0, or "unlimited"`);
  return value;
}

function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The admin commands about plans, credits and the ledger; `announce` tells the gateways a balance changed. */
export class BillingCommands {
  private readonly plans: PlansRepository;
  private readonly ledger: LedgerRepository;
  private readonly balances: CreditBalanceService;

  constructor(
    db: Kysely<BillingDatabase>,
    private readonly announce: (teamId: string) => Promise<string>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.plans = new PlansRepository(db);
    this.ledger = new LedgerRepository(db);
    this.balances = new CreditBalanceService(this.plans, this.ledger, new ReservationsRepository(db), now);
  }

  async definePlan(
    id: string,
    credits: string | undefined,
    concurrency: string | undefined,
    rates: string | undefined,
    tokens?: string,
  ) {
    const plan: Plan = {
      id,
      creditsPerPeriod: allowance(credits, '--credits'),
      concurrency: concurrency === undefined ? null : positiveInteger(concurrency, '--concurrency'),
      tokensPerPeriod: allowance(tokens, '--tokens'),
      rateLimits: parseRateLimits(rates),
    };
    await this.plans.define(plan);
    return `plan ${describePlan(plan)}`;
  }

  async listPlans(): Promise<string> {
    return (await this.plans.list()).map(describePlan).join('\n');
  }

  async setPlan(team: Team, planId: string): Promise<string> {
    if (!(await this.plans.find(planId))) throw new Error(`no plan named ${planId}`);
    await this.plans.assign(team.id, planId);
    return `team ${team.name} is on plan ${planId}${await this.announce(team.id)}`;
  }

  async grant(team: Team, amount: string | undefined, reason: string | undefined, key: string | undefined) {
    return this.adjust('grant', team, amount, reason, key);
  }

  async revoke(team: Team, amount: string | undefined, reason: string | undefined, key: string | undefined) {
    return this.adjust('revoke', team, amount, reason, key);
  }

  private async adjust(
    entry: 'grant' | 'revoke',
    team: Team,
    amount: string | undefined,
    reason: string | undefined,
    key: string | undefined,
  ): Promise<string> {
    if (!reason) throw new Error('--reason is required: it is kept in the ledger');
    const adjustment = {
      idempotencyKey: `${entry}:${key ?? randomUUID()}`,
      teamId: team.id,
      credits: positiveInteger(amount, 'the number of credits'),
      reason,
      at: this.now(),
    };
    const recorded = entry === 'grant' ? await this.ledger.grant(adjustment) : await this.ledger.revoke(adjustment);
    if (!recorded) return `${adjustment.idempotencyKey} was already recorded; nothing changed`;
    const verb = entry === 'grant' ? 'granted' : 'revoked';
    return `${verb} ${adjustment.credits} credits (${adjustment.idempotencyKey})${await this.announce(team.id)}\n${await this.balance(team)}`;
  }

  async balance(team: Team): Promise<string> {
    const balance = await this.balances.balanceOf(team.id);
    const unlimited = balance.planCredits === null;
    return [
      `team ${team.name} (${team.id}) plan ${balance.plan.id}`,
      `period ${balance.periodStart.toISOString()} .. ${balance.periodEnd.toISOString()}`,
      `plan credits ${unlimited ? 'unlimited' : balance.planCredits}, granted ${balance.grantedCredits}, used ${balance.usedCredits}, reserved ${balance.reservedCredits}, remaining ${unlimited ? 'unlimited' : balance.remainingCredits}`,
      `plan tokens ${balance.planTokens ?? 'unlimited'}, used ${balance.usedTokens}, remaining ${balance.remainingTokens ?? 'unlimited'}`,
    ].join('\n');
  }

  /** Every ledger row of the team in `[from, to)`, default the current period. */
  async usageCsv(team: Team, from: string | undefined, to: string | undefined): Promise<string> {
    const period = billingPeriodAt(this.now());
    const start = from ? new Date(from) : period.start;
    const end = to ? new Date(to) : period.end;
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) throw new Error('--from and --to take ISO dates');
    const rows = await this.ledger.rows(team.id, start, end);
    const header = 'occurred_at,entry,credits,kind,job_id,api_key_id,reason,idempotency_key,tokens';
    return [
      header,
      ...rows.map((row) =>
        [
          row.occurredAt.toISOString(),
          row.entry,
          row.credits,
          row.kind,
          row.jobId,
          row.apiKeyId,
          row.reason,
          row.idempotencyKey,
          row.tokens,
        ]
          .map(csvField)
          .join(','),
      ),
    ].join('\n');
  }

  /** Recomputes every period's totals from the ledger; exits non-zero on any drift. */
  async reconcile(): Promise<{ output: string; drift: boolean }> {
    const drift = await this.ledger.drift();
    if (drift.length === 0) return { output: 'reconciled: no drift', drift: false };
    return {
      output: drift
        .map(
          (row) =>
            `drift team ${row.teamId} period ${row.periodStart.toISOString()}: ledger charged ${row.ledger.charged} granted ${row.ledger.granted} tokens ${row.ledger.tokens}, running totals charged ${row.balance.charged} granted ${row.balance.granted} tokens ${row.balance.tokens}`,
        )
        .join('\n'),
      drift: true,
    };
  }
}

function describePlan(plan: Plan): string {
  const rates = Object.entries(plan.rateLimits)
    .map(([kind, limit]) => `${kind}=${limit}`)
    .join(',');
  return `${plan.id}: credits ${plan.creditsPerPeriod ?? 'unlimited'} per month, tokens ${plan.tokensPerPeriod ?? 'unlimited'} per month, concurrency ${plan.concurrency ?? "team's own"}, rate limits per minute ${rates || 'none'}`;
}
