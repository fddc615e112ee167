import type { ArgumentsHost } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { bearerKey, type TeamAuthenticator } from '../../auth/team-authenticator';
import type { AuthenticatedRequest } from '../../auth/team-context';
import type { ApiExceptionFilter } from '../api-exception.filter';
import { correlationMiddleware } from '../correlation.middleware';
import type { RequestAdmission } from './request-admission';

/** The routes that submit work, each behind ApiKeyGuard: the ones a team floods, and the ones with bodies to parse. */
const SUBMISSIONS: ReadonlySet<string> = new Set([
  '/v2/scrape',
  '/v2/batch/scrape',
  '/v2/crawl',
  '/v2/map',
  '/v2/search',
  '/v2/extract',
]);

/**
 * Admission ahead of body parsing, routing, pipes and guards, for a submission whose key's team this replica knows
 * already: a refused request of a flooding team then costs a hash and a map lookup instead of the whole of express
 * and Nest, whose CPU the other teams' requests were waiting for. An admitted request goes on with its team set, and
 * ApiKeyGuard does not count it again; a key not known yet is left to the guard, which asks billing and admits.
 */
export function earlyAdmission(
  authenticator: TeamAuthenticator,
  admission: RequestAdmission,
  errors: ApiExceptionFilter,
): (request: Request, response: Response, next: NextFunction) => void {
  return (request, response, next) => {
    if (request.method !== 'POST' || !SUBMISSIONS.has(request.path)) return next();
    const team = authenticator.knownTeam(bearerKey(request.headers.authorization));
    if (!team) return next();
    try {
      admission.admit(team.teamId, response);
    } catch (refusal) {
      // Through the correlation middleware too, so the refusal carries its request id as every other answer does.
      correlationMiddleware(request, response, () =>
        errors.catch(refusal, { switchToHttp: () => ({ getResponse: () => response }) } as ArgumentsHost),
      );
      return;
    }
    (request as AuthenticatedRequest).team = team;
    next();
  };
}
