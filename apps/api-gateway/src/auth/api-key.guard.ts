import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { bearerKey, TeamAuthenticator } from './team-authenticator';
import type { AuthenticatedRequest } from './team-context';

/** Requires `Authorization: Bearer <key>` (unless auth is switched off) and attaches the key's team. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(@Inject(TeamAuthenticator) private readonly authenticator: TeamAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    request.team = await this.authenticator.authenticate(bearerKey(request.headers.authorization));
    return true;
  }
}
