import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
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
import { PreserveRpcErrors } from '@wh/platform/messaging';
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

  @MessagePattern(Subjects.browserSessionCreate)
  async create(@Payload() request: BrowserSessionCreateRequest): Promise<BrowserSessionCreateReply> {
    return this.createSession.execute(request);
  }

  @MessagePattern(Subjects.browserSessionStop)
  async stop(@Payload() ref: BrowserSessionRef): Promise<BrowserSessionStopReply> {
    return this.stopSession.execute(ref);
  }

  @MessagePattern(Subjects.browserSessionGet)
  async get(@Payload() ref: BrowserSessionRef): Promise<BrowserSessionView> {
    const row = await this.sessions.findForTeam(ref.teamId, ref.sessionId);
    if (!row) throw new DomainError(ErrorCode.NotFound, 'Browser session not found');
    return toSessionView(row);
  }

  @MessagePattern(Subjects.browserSessionList)
  async list(@Payload() request: BrowserSessionListRequest): Promise<{ sessions: BrowserSessionView[] }> {
    const rows = await this.sessions.listForTeam(request.teamId, request.status);
    return { sessions: rows.map((row) => toSessionView(row)) };
  }

  @MessagePattern(Subjects.browserSessionAuthorize)
  async authorize(@Payload() request: BrowserSessionAuthorizeRequest): Promise<BrowserSessionAuthorizeReply> {
    const result = await this.sessions.authorize(request.sessionId, request.tokenHash);
    if (result === 'no-session') throw new DomainError(ErrorCode.NotFound, 'Browser session not found or ended');
    if (result === 'bad-token') throw new DomainError(ErrorCode.Unauthorized, 'Invalid session token');
    return { access: result.access, replicaEndpoint: result.endpoint };
  }

  @MessagePattern(Subjects.browserProfileDelete)
  async deleteProfile(@Payload() request: BrowserProfileDeleteRequest): Promise<{ deleted: boolean }> {
    return this.profileDeletion.execute(request.teamId, request.name);
  }

  @MessagePattern(Subjects.browserReplicaHeartbeat)
  async heartbeat(@Payload() heartbeat: BrowserReplicaHeartbeat): Promise<{ accepted: true }> {
    await this.replicas.recordHeartbeat(heartbeat);
    return { accepted: true };
  }
}
