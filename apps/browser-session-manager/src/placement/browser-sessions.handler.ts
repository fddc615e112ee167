import { Controller, Inject } from '@nestjs/common';
import {
  BrowserProfileDeleteRequest,
  BrowserReplicaHeartbeat,
  type BrowserSessionAuthorizeReply,
  BrowserSessionAuthorizeRequest,
  type BrowserSessionCreateReply,
  BrowserSessionCreateRequest,
  BrowserSessionListRequest,
  BrowserSessionRef,
  type BrowserSessionStopReply,
  type BrowserSessionView,
  ErrorCode,
  Subjects,
} from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { HandleRequest, PreserveRpcErrors } from '@wh/platform/messaging';
import { ReplicasRepository } from '../database/replicas.repository';
import { SessionsRepository } from '../database/sessions.repository';
import { DeleteProfile } from '../profiles/delete-profile';
import { CreateSession } from './create-session';
import { toSessionView } from './session-view';
import { StopSession } from './stop-session';

/** The control plane of browser sessions: any replica answers these, through the service's queue group. */
@Controller()
@PreserveRpcErrors()
export class BrowserSessionsHandler {
  constructor(
    @Inject(CreateSession) private readonly createSession: CreateSession,
    @Inject(StopSession) private readonly stopSession: StopSession,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(ReplicasRepository) private readonly replicas: ReplicasRepository,
    @Inject(DeleteProfile) private readonly profileDeletion: DeleteProfile,
  ) {}

  @HandleRequest(Subjects.browserSessionCreate)
  async create(request: BrowserSessionCreateRequest): Promise<BrowserSessionCreateReply> {
    return this.createSession.execute(request);
  }

  @HandleRequest(Subjects.browserSessionStop)
  async stop(ref: BrowserSessionRef): Promise<BrowserSessionStopReply> {
    return this.stopSession.execute(ref);
  }

  @HandleRequest(Subjects.browserSessionGet)
  async get(ref: BrowserSessionRef): Promise<BrowserSessionView> {
    const row = await this.sessions.findForTeam(ref.teamId, ref.sessionId);
    if (!row) throw new DomainError(ErrorCode.NotFound, 'Browser session not found');
    return toSessionView(row);
  }

  @HandleRequest(Subjects.browserSessionList)
  async list(request: BrowserSessionListRequest): Promise<{ sessions: BrowserSessionView[] }> {
    const rows = await this.sessions.listForTeam(request.teamId, request.status);
    return { sessions: rows.map((row) => toSessionView(row)) };
  }

  @HandleRequest(Subjects.browserSessionAuthorize)
  async authorize(request: BrowserSessionAuthorizeRequest): Promise<BrowserSessionAuthorizeReply> {
    const result = await this.sessions.authorize(request.sessionId, request.tokenHash);
    if (result === 'no-session') throw new DomainError(ErrorCode.NotFound, 'Browser session not found or ended');
    if (result === 'bad-token') throw new DomainError(ErrorCode.Unauthorized, 'Invalid session token');
    return { access: result.access, replicaEndpoint: result.endpoint };
  }

  @HandleRequest(Subjects.browserProfileDelete)
  async deleteProfile(request: BrowserProfileDeleteRequest): Promise<{ deleted: boolean }> {
    return this.profileDeletion.execute(request.teamId, request.name);
  }

  @HandleRequest(Subjects.browserReplicaHeartbeat)
  async heartbeat(heartbeat: BrowserReplicaHeartbeat): Promise<{ accepted: true }> {
    await this.replicas.recordHeartbeat(heartbeat);
    return { accepted: true };
  }
}
