import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** The authenticated caller of a request. */
export interface TeamContext {
  teamId: string;
  /** The key the request came with; absent when authentication is disabled. Charges carry it for per-key usage. */
  apiKeyId?: string;
  concurrencyLimit: number;
}

export type AuthenticatedRequest = Request & { team?: TeamContext };

/** Injects the team the API key belongs to (set by ApiKeyGuard). */
export const CurrentTeam = createParamDecorator((_data: unknown, context: ExecutionContext): TeamContext => {
  const team = context.switchToHttp().getRequest<AuthenticatedRequest>().team;
  if (!team) throw new Error('CurrentTeam used on a route without ApiKeyGuard');
  return team;
});
