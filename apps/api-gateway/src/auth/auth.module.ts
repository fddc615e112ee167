import { Global, Module } from '@nestjs/common';
import { NatsClient } from '@wh/platform/messaging';
import { BilledGuard } from '../billing/billed.guard';
import { RateLimiter, rateLimitBucket } from '../billing/rate-limiter';
import { TeamCredits } from '../billing/team-credits';
import { RequestAdmission } from '../http/overload/request-admission';
import { ApiKeyGuard } from './api-key.guard';
import { TeamAuthenticator } from './team-authenticator';

/** API-key authentication and the credit check for every feature module's routes and sockets. */
@Global()
@Module({
  providers: [
    TeamAuthenticator,
    RequestAdmission,
    ApiKeyGuard,
    TeamCredits,
    BilledGuard,
    {
      provide: RateLimiter,
      inject: [NatsClient],
      useFactory: (nats: NatsClient) => new RateLimiter(rateLimitBucket(nats)),
    },
  ],
  exports: [TeamAuthenticator, RequestAdmission, ApiKeyGuard, TeamCredits, BilledGuard, RateLimiter],
})
export class AuthModule {}
