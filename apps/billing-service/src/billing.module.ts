import { Module } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { Consumers, Streams } from '@wh/contracts';
import { DATABASE } from '@wh/platform/database';
import { PlatformModule } from '@wh/platform/runtime';
import { ApiKeysHandler } from './api-keys/api-keys.handler';
import { ApiKeysRepository } from './api-keys/api-keys.repository';
import { BillingConfig } from './billing.config';
import { TeamSecretsHandler } from './teams/team-secrets.handler';
import { TeamsRepository } from './teams/teams.repository';
import type { BillingDatabase } from './database/billing-database';
import { UsageHandler } from './usage/usage.handler';
import { CreditsChangedNotifier } from './credits/credits-changed.notifier';
import { CreditsHandler } from './credits/credits.handler';
import { CreditBalanceService } from './ledger/credit-balance.service';
import { PlansRepository } from './plans/plans.repository';
import { ReservationsRepository } from './ledger/reservations.repository';
import { LedgerRepository } from './ledger/ledger.repository';

export const BILLING_SERVICE = 'billing-service';

@Module({
  imports: [
    PlatformModule.forRoot({
      serviceName: BILLING_SERVICE,
      configClass: BillingConfig,
      streams: [Streams.billingUsage, Streams.deadLetters],
      consumers: [Consumers.billingUsage, Consumers.billingUsageBatches],
      database: true,
    }),
  ],
  controllers: [ApiKeysHandler, UsageHandler, TeamSecretsHandler, CreditsHandler],
  providers: [
    CreditsChangedNotifier,
    {
      provide: PlansRepository,
      inject: [DATABASE],
      useFactory: (db: Kysely<BillingDatabase>) => new PlansRepository(db),
    },
    {
      provide: ReservationsRepository,
      inject: [DATABASE],
      useFactory: (db: Kysely<BillingDatabase>) => new ReservationsRepository(db),
    },
    {
      provide: CreditBalanceService,
      inject: [PlansRepository, LedgerRepository, ReservationsRepository],
      useFactory: (plans: PlansRepository, ledger: LedgerRepository, reservations: ReservationsRepository) =>
        new CreditBalanceService(plans, ledger, reservations),
    },
    {
      provide: ApiKeysRepository,
      inject: [DATABASE],
      useFactory: (db: Kysely<BillingDatabase>) => new ApiKeysRepository(db),
    },
    {
      provide: TeamsRepository,
      inject: [DATABASE],
      useFactory: (db: Kysely<BillingDatabase>) => new TeamsRepository(db),
    },
    {
      provide: LedgerRepository,
      inject: [DATABASE],
      useFactory: (db: Kysely<BillingDatabase>) => new LedgerRepository(db),
    },
  ],
})
export class BillingModule {}
