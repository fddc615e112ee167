import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { RequestAdmission } from '../http/overload/request-admission';
import { bearerKey, TeamAuthenticator } from './team-authenticator';
import type { AuthenticatedRequest } from './team-context';

/**
 * Requires `Authorization: Bearer <key>` (unless auth is switched off), attaches the key's team, and admits the
 * request on this replica's fair share for that team (a 429 when the replica is saturated and the team over its share).
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    @Inject(TeamAuthenticator) private readonly authenticator: TeamAuthenticator,
    @Inject(RequestAdmission) private readonly admission: RequestAdmission,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<AuthenticatedRequest>();
    const team = await this.authenticator.authenticate(bearerKey(request.headers.authorization));
    this.admission.admit(team.teamId, http.getResponse<Response>());
    request.team = team;
    return true;
  }
}
