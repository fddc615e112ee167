import { randomUUID } from 'node:crypto';
import { teamRow, testDatabase } from '@wh/testing';
import type { BillingDatabase } from '../database/billing-database';
import { LedgerRepository } from '../ledger/ledger.repository';
import { TeamsRepository } from '../teams/teams.repository';
import { BillingCommands, parseRateLimits } from './billing.commands';

describe('BillingCommands (the admin CLI’s plan and credit commands)', () => {
  const database = testDatabase<BillingDatabase>();
  let now = new Date('2026-11-25T10:00:00Z');
  const announced: string[] = [];
  let commands: BillingCommands;

  beforeAll(() => {
    commands = new BillingCommands(
      database.db,
      async (teamId) => {
        announced.push(teamId);
        return '';
      },
      () => now,
    );
  });

  it('sets a plan, grants and revokes with reasons, and shows the balance; the period rolls over by itself', async () => {
    const team = await new TeamsRepository(database.db).create(teamRow().name, 2);
    await commands.definePlan('ten-a-month', '10', undefined, 'scrape=5,status=100');

    await commands.setPlan(team, 'ten-a-month');
    await commands.grant(team, '5', 'goodwill', 'ticket-1');
    expect(await commands.grant(team, '5', 'goodwill', 'ticket-1')).toMatch(/already recorded/);
    await commands.revoke(team, '2', 'typo', undefined);
    await new LedgerRepository(database.db).charge([
      { eventId: randomUUID(), teamId: team.id, kind: 'scrape', jobId: 'job-1', credits: 4, occurredAt: now },
    ]);

    expect(await commands.balance(team)).toContain('plan credits 10, granted 3, used 4, reserved 0, remaining 9');
    expect(announced.filter((id) => id === team.id)).toHaveLength(3);

    now = new Date('2026-12-01T00:00:00Z');
    expect(await commands.balance(team)).toContain('plan credits 10, granted 0, used 0, reserved 0, remaining 10');
    now = new Date('2026-11-25T10:00:00Z');
  });

  it('exports the period’s ledger rows as CSV', async () => {
    const team = await new TeamsRepository(database.db).create(teamRow().name, 2);
    await commands.grant(team, '7', 'trial, "first" month', 'csv-1');

    const csv = (await commands.usageCsv(team, undefined, undefined)).split('\n');

    expect(csv).toEqual([
      'occurred_at,entry,credits,kind,job_id,api_key_id,reason,idempotency_key,tokens',
      '2026-11-25T10:00:00.000Z,grant,7,,,,"trial, ""first"" month",grant:csv-1,0',
    ]);
  });

  it('refuses a grant without a reason, an unknown plan and a bad rate limit', async () => {
    const team = await new TeamsRepository(database.db).create(teamRow().name, 2);

    await expect(commands.grant(team, '5', undefined, undefined)).rejects.toThrow(/--reason/);
    await expect(commands.setPlan(team, 'no-such-plan')).rejects.toThrow(/no plan/);
    expect(() => parseRateLimits('scrape=0')).toThrow(/bad rate limit/);
    expect(() => parseRateLimits('sitemaps=3')).toThrow(/bad rate limit/);
  });

  it('reconciles every period to zero drift', async () => {
    await expect(commands.reconcile()).resolves.toEqual({ output: 'reconciled: no drift', drift: false });
  });
});
