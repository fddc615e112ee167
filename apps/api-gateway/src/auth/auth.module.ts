import { Global, Module } from '@nestjs/common';
import { BilledGuard } from '../billing/billed.guard';
import { TeamCredits } from '../billing/team-credits';
import { ApiKeyGuard } from './api-key.guard';
import { TeamAuthenticator } from './team-authenticator';

/** API-key authentication and the credit check for every feature module's routes and sockets. */
@Global()
@Module({
  providers: [TeamAuthenticator, ApiKeyGuard, TeamCredits, BilledGuard],
  exports: [TeamAuthenticator, ApiKeyGuard, TeamCredits, BilledGuard],
})
export class AuthModule {}
