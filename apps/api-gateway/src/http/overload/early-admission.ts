import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { HTTP_REQUEST_ID_HEADER } from '@wh/contracts';
import { bearerKey, type TeamAuthenticator } from '../../auth/team-authenticator';
import type { AuthenticatedRequest } from '../../auth/team-context';
import type { ApiExceptionFilter } from '../api-exception.filter';
import { correlationIdFor } from '../correlation.middleware';
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

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Admission of a submission whose key's team this replica knows already, decided when Node has parsed the request's
 * head and before express sees it. A flooding team's refused requests are most of what a replica answers under a
 * flood (300 a second in the fairness benchmark); through express they cost its request setup, the router, the
 * correlation middleware, the exception filter and `res.json`, CPU the other teams' requests waited for. Here a
 * refusal costs a hash, a map lookup and one write. An admitted request goes on with its team set, and ApiKeyGuard
 * does not count it again; a key not known yet is left to the guard, which asks billing and admits.
 *
 * Returns whether the request was answered here.
 */
export function earlyAdmission(
  authenticator: TeamAuthenticator,
  admission: RequestAdmission,
  errors: ApiExceptionFilter,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  return (request, response) => {
    if (request.method !== 'POST' || !SUBMISSIONS.has(pathOf(request.url))) return false;
    const team = authenticator.knownTeam(bearerKey(request.headers.authorization));
    if (!team) return false;
    const refusal = admission.tryAdmit(team.teamId, response);
    if (!refusal) {
      (request as AuthenticatedRequest).team = team;
      return false;
    }
    const { status, body, retryAfter } = errors.describe(refusal);
    const text = JSON.stringify(body);
    response.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
      // Like every other answer, the refusal carries its request id.
      [HTTP_REQUEST_ID_HEADER]: correlationIdFor(request.headers[HTTP_REQUEST_ID_HEADER]),
      ...(retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) }),
    });
    response.end(text);
    return true;
  };
}

/** Puts `answeredEarly` in front of the server's request listener (the express app), which gets what it leaves. */
export function installBeforeRouting(
  server: Server,
  answeredEarly: (request: IncomingMessage, response: ServerResponse) => boolean,
): void {
  const listeners = server.listeners('request') as RequestListener[];
  const [route] = listeners;
  if (listeners.length !== 1 || !route) throw new Error(`expected one request listener, found ${listeners.length}`);
  server.removeListener('request', route);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!answeredEarly(request, response)) route(request, response);
  });
}

function pathOf(url: string | undefined): string {
  const query = url?.indexOf('?') ?? -1;
  return query === -1 ? (url ?? '') : (url ?? '').slice(0, query);
}
