import { Global, Module } from '@nestjs/common';
import { ApiKeyGuard } from './api-key.guard';
import { TeamAuthenticator } from './team-authenticator';

/** API-key authentication for every feature module's routes and sockets. */
@Global()
@Module({ providers: [TeamAuthenticator, ApiKeyGuard], exports: [TeamAuthenticator, ApiKeyGuard] })
export class AuthModule {}
