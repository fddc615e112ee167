import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { type TeamCreditsReply, UsageBatchRecordedEvent } from '@wh/contracts';
import { createKysely } from '@wh/platform/database';
import type { Logger } from '@wh/platform/logging';
import { NatsClient, type NatsRequester } from '@wh/platform/messaging';
import { provideInfrastructure, startStack } from '@wh/testing';
import { Billed, BilledGuard } from '../../apps/api-gateway/src/billing/billed.guard';
import { RateLimiter, rateLimitBucket } from '../../apps/api-gateway/src/billing/rate-limiter';
import { TeamCredits } from '../../apps/api-gateway/src/billing/team-credits';
import { GatewayConfig } from '../../apps/api-gateway/src/gateway.config';
import type { BillingDatabase } from '../../apps/billing-service/src/database/billing-database';
import { standingAfterCharges } from '../../apps/billing-service/src/ledger/credit-balance.service';
import { LedgerRepository } from '../../apps/billing-service/src/ledger/ledger.repository';
import { PlansRepository } from '../../apps/billing-service/src/plans/plans.repository';
import { TeamsRepository } from '../../apps/billing-service/src/teams/teams.repository';
import { measure } from '../scrape/latency';
import { writeReportSection } from '../report-section';

const GUARD_CALLS = 50_000;
const LIMITED_CALLS = 2_000;
const PAGES = 20_000;
const PAGES_PER_MESSAGE = 64;

const standing = (rateLimits: TeamCreditsReply['rateLimits']): TeamCreditsReply => ({
  planId: 'bench',
  planCredits: 1_000_000_000,
  remainingCredits: 1_000_000_000,
  billingPeriodStart: '2026-11-01T00:00:00.000Z',
  billingPeriodEnd: '2026-12-01T00:00:00.000Z',
  concurrency: 10,
  rateLimits,
  planTokens: null,
  remainingTokens: null,
});

/** A scrape route as the gateway declares it: the guard reads its rule from the decorator's metadata. */
class ScrapeRoute {
  @Billed('scrape')
  scrape(): void {}
}

function guardWith(reply: TeamCreditsReply, limiter: RateLimiter): { guard: BilledGuard; context: ExecutionContext } {
  const requester = { request: async () => reply } as unknown as NatsRequester;
  const config = Object.assign(new GatewayConfig(), { CREDITS_CACHE_TTL_MS: 3_600_000 });
  const credits = new TeamCredits(requester, {} as NatsClient, config, {} as Logger);
  const guard = new BilledGuard(new Reflector(), credits, config, limiter);
  const context = {
    getHandler: () => ScrapeRoute.prototype.scrape,
    switchToHttp: () => ({ getRequest: () => ({ team: { teamId: randomUUID(), concurrencyLimit: 10 } }) }),
  } as unknown as ExecutionContext;
  return { guard, context };
}

/**
 * `npm run bench:billing`: what the credit check adds to a request whose team's balance is cached (in process, the
 * gateway's guard with its cache warm), the same with a per-minute rate limit (two round trips to the JetStream KV),
 * and the CPU billing-service spends per charged page (validating crawl-sized usage batches and writing them to the
 * ledger with their running totals). Writes the "Billing" section of docs/benchmarks.md.
 */
async function main(): Promise<void> {
  const infrastructure = await provideInfrastructure();
  const stack = await startStack(infrastructure, { services: [], label: 'bench-billing' });
  const nats = await NatsClient.connect({
    servers: stack.natsUrl,
    namespace: stack.namespace,
    serviceName: 'bench-billing',
  });
  const db = createKysely<BillingDatabase>(stack.databaseUrl, () => undefined, 4);
  try {
    const unlimitedLimiter = new RateLimiter(rateLimitBucket(nats));
    const cached = guardWith(standing({}), unlimitedLimiter);
    await cached.guard.canActivate(cached.context);
    const check = await measure(GUARD_CALLS, 1, async () => {
      await cached.guard.canActivate(cached.context);
    });
    const limited = guardWith(standing({ scrape: 1_000_000 }), new RateLimiter(rateLimitBucket(nats)));
    await limited.guard.canActivate(limited.context);
    const withRateLimit = await measure(LIMITED_CALLS, 1, async () => {
      await limited.guard.canActivate(limited.context);
    });

    const ledger = new LedgerRepository(db);
    const plans = new PlansRepository(db);
    // A team on a limited plan, so that each message also asks whether its charges used the team's credits up.
    const teamId = (await new TeamsRepository(db).create(`bench-${randomUUID()}`, 10)).id;
    await plans.define({
      id: `bench-${teamId}`,
      creditsPerPeriod: 1_000_000_000,
      concurrency: null,
      tokensPerPeriod: null,
      rateLimits: {},
    });
    await plans.assign(teamId, `bench-${teamId}`);
    const jobId = randomUUID();
    const messages = Array.from({ length: PAGES / PAGES_PER_MESSAGE }, () => ({
      charges: Array.from({ length: PAGES_PER_MESSAGE }, () => ({
        eventId: `crawl:${randomUUID()}`,
        teamId,
        kind: 'crawl',
        jobId,
        credits: 1,
        occurredAt: new Date().toISOString(),
      })),
    }));
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    for (const message of messages) {
      const batch = plainToInstance(UsageBatchRecordedEvent, message);
      const problems = await validate(batch);
      if (problems.length > 0) throw new Error('invalid batch');
      const outcome = await ledger.charge(
        batch.charges.map((charge) => ({ ...charge, occurredAt: new Date(charge.occurredAt) })),
      );
      if (outcome.teams.some((team) => standingAfterCharges(team).usedUp)) throw new Error('the bench team ran out');
    }
    const cpu = process.cpuUsage(cpuBefore);
    const wallMs = performance.now() - wallBefore;
    const pages = messages.length * PAGES_PER_MESSAGE;
    const cpuMsPerPage = (cpu.user + cpu.system) / 1000 / pages;
    const drift = await ledger.drift();

    writeReportSection(
      'billing',
      `## Billing (\`npm run bench:billing\`)

| measure | result | target |
|---|---|---|
| credit check on a request, balance cached (guard in process, p50 / p99) | ${(check.p50 * 1000).toFixed(1)} µs / ${(check.p99 * 1000).toFixed(1)} µs | ≤ 0.5 ms p50 |
| the same with a per-minute rate limit (JetStream KV get + compare-and-set, p50 / p99) | ${withRateLimit.p50.toFixed(2)} ms / ${withRateLimit.p99.toFixed(2)} ms | |
| billing CPU per charged page (validate + ledger rows + running totals + the used-up check, ${PAGES_PER_MESSAGE} pages a message, ${pages} pages) | ${cpuMsPerPage.toFixed(3)} ms | ≤ 0.3 ms |
| charging throughput, one consumer lane | ${Math.round(pages / (wallMs / 1000))} pages/s | |
| drift after the run (\`reconcile\`) | ${drift.length} | 0 |

CPU is this process's (Kysely, pg and class-validator on the client side); Postgres's own CPU is not counted. The
NATS decode of a message is not included (see "Messaging").`,
    );
    process.stdout.write(
      `check p50 ${(check.p50 * 1000).toFixed(1)} µs, with rate limit p50 ${withRateLimit.p50.toFixed(2)} ms, ` +
        `cpu per page ${cpuMsPerPage.toFixed(3)} ms, ${Math.round(pages / (wallMs / 1000))} pages/s, drift ${drift.length}\n`,
    );
  } finally {
    await db.destroy();
    await nats.connection.close();
    await stack.stop();
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
