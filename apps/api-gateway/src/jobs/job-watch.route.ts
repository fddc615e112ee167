import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import WebSocket, { WebSocketServer } from 'ws';
import { type CrawlJobKind, ErrorCode } from '@wh/contracts';
import { toDomainError } from '@wh/platform/errors';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { bearerKey, TeamAuthenticator } from '../auth/team-authenticator';
import type { TeamContext } from '../auth/team-context';
import { refuseUpgrade, type WebSocketRoute, WebSocketUpgradeRegistry } from '../websocket/websocket-upgrade-registry';
import { JobsClient, type JobStatusResponse } from './jobs.client';

const JOB_SOCKET_PATH =
  /^\/v2\/(crawl|batch\/scrape)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const POLL_INTERVAL_MS = 500;

/**
 * The watcher socket of the official SDKs at `/v2/crawl/{id}` and `/v2/batch/scrape/{id}`: a `catchup` with the
 * status and the documents kept so far (the first status page of them), a `document` message per later document,
 * and `done` (or `error` for a failed or cancelled job) after the last one: neither the catch-up nor any other
 * message says the job ended before every document was sent. The API key comes as the WebSocket subprotocol, as the SDKs send it,
 * or as a Bearer header; it is checked before the upgrade, like the job's team.
 */
@Injectable()
export class JobWatchRoute implements WebSocketRoute, OnModuleInit {
  private readonly sockets = new WebSocketServer({
    noServer: true,
    // The SDKs pass the API key as the only subprotocol; the handshake must echo one it offered.
    handleProtocols: (protocols) => protocols.values().next().value ?? false,
  });

  constructor(
    @Inject(WebSocketUpgradeRegistry) private readonly registry: WebSocketUpgradeRegistry,
    @Inject(TeamAuthenticator) private readonly authenticator: TeamAuthenticator,
    @Inject(JobsClient) private readonly jobs: JobsClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  matches(pathname: string): boolean {
    return JOB_SOCKET_PATH.test(pathname);
  }

  async handle(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const [, segment, jobId = ''] = JOB_SOCKET_PATH.exec(new URL(request.url ?? '/', 'http://gateway').pathname) ?? [];
    const kind: CrawlJobKind = segment === 'crawl' ? 'crawl' : 'batch';
    const protocol = request.headers['sec-websocket-protocol']?.split(',')[0]?.trim();
    let team: TeamContext;
    let first: JobStatusResponse;
    try {
      team = await this.authenticator.authenticate(protocol ?? bearerKey(request.headers.authorization));
      first = await this.jobs.status(team.teamId, kind, jobId, {});
    } catch (error) {
      const failure = toDomainError(error);
      const status = failure.code === ErrorCode.Unauthorized ? 401 : failure.code === ErrorCode.NotFound ? 404 : 503;
      refuseUpgrade(socket, status, failure.code, failure.message);
      return;
    }
    this.sockets.handleUpgrade(request, socket, head, (client) => {
      this.stream(client, team.teamId, kind, jobId, first).catch((error: unknown) => {
        this.logger.warn({ err: error, jobId }, 'job watcher ended with an error');
        if (client.readyState === WebSocket.OPEN) client.close(1011, 'internal error');
      });
    });
  }

  private async stream(
    client: WebSocket,
    teamId: string,
    kind: CrawlJobKind,
    jobId: string,
    first: JobStatusResponse,
  ): Promise<void> {
    const { data, next: _next, success: _success, ...snapshot } = first;
    // The SDKs end a watch at a catch-up whose status is final. A job that ended before the socket attached but
    // whose documents do not fit one status page (the rest follows as `document` messages) is announced as still
    // running here; its `done` (or `error`) comes after its last document.
    const complete = first.status !== 'scraping' && first.next === undefined;
    client.send(
      JSON.stringify({ type: 'catchup', data: { ...snapshot, status: complete ? first.status : 'scraping', data } }),
    );
    let seen = data.length;
    let status = first;
    for (;;) {
      if (client.readyState !== WebSocket.OPEN) return;
      // Documents are read before the state is judged, so none kept before the end is missed.
      if (status.status !== 'scraping' && status.next === undefined) break;
      if (status.next === undefined) await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
      status = await this.jobs.status(teamId, kind, jobId, { skip: seen });
      for (const document of status.data) client.send(JSON.stringify({ type: 'document', data: document }));
      seen += status.data.length;
    }
    const { data: _data, next: _end, success: _ok, ...final } = status;
    const ending =
      status.status === 'completed'
        ? { type: 'done', data: { ...final, data: [] } }
        : { type: 'error', error: status.status === 'cancelled' ? 'Job cancelled' : 'Job failed', data: final };
    client.send(JSON.stringify(ending));
    client.close(1000, status.status);
  }
}
