import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';

export const BROWSER_TTL_SECONDS = { min: 30, max: 3600, default: 600 } as const;
export const BROWSER_ACTIVITY_TTL_SECONDS = { min: 10, max: 3600, default: 300 } as const;
export const BROWSER_PROFILE_NAME_LENGTH = { min: 1, max: 128 } as const;

export type BrowserSessionStatus = 'active' | 'destroyed';

/** What a session token lets its holder do. */
export type BrowserAccess = 'cdp' | 'view' | 'interactive';

/**
 * Why a session ended, and the WebSocket close code every client socket of it receives. Codes are in the
 * 4000-4999 range applications may use.
 */
export const BROWSER_END_REASONS = {
  ttl: { closeCode: 4001, message: 'session ended: ttl elapsed' },
  idle: { closeCode: 4002, message: 'session ended: no activity within activityTtl' },
  deleted: { closeCode: 4003, message: 'session ended: deleted' },
  browser_exited: { closeCode: 4004, message: 'session ended: the browser exited' },
  browser_closed: { closeCode: 4005, message: 'session ended: Browser.close' },
  replica_stopped: { closeCode: 4006, message: 'session ended: the browser host shut down' },
  replica_lost: { closeCode: 4007, message: 'session ended: the browser host stopped responding' },
  launch_failed: { closeCode: 4008, message: 'session ended: the browser did not start' },
} as const;
export type BrowserEndReason = keyof typeof BROWSER_END_REASONS;

export class BrowserProfileOption {
  @IsString()
  @Length(BROWSER_PROFILE_NAME_LENGTH.min, BROWSER_PROFILE_NAME_LENGTH.max)
  name!: string;

  @IsBoolean()
  saveChanges!: boolean;
}

/** Request on `browser.session.create`: every default applied by the gateway. */
export class BrowserSessionCreateRequest {
  @IsString()
  teamId!: string;

  @IsInt()
  @Min(1)
  concurrencyLimit!: number;

  @IsInt()
  @Min(BROWSER_TTL_SECONDS.min)
  @Max(BROWSER_TTL_SECONDS.max)
  ttlSeconds!: number;

  @IsInt()
  @Min(BROWSER_ACTIVITY_TTL_SECONDS.min)
  @Max(BROWSER_ACTIVITY_TTL_SECONDS.max)
  activityTtlSeconds!: number;

  @IsBoolean()
  streamWebView!: boolean;

  @IsOptional()
  @ValidateNested()
  @Type(() => BrowserProfileOption)
  profile?: BrowserProfileOption;
}

/** Reply to `browser.session.create`. Tokens travel once, here; only their hashes are stored. */
export interface BrowserSessionCreateReply {
  id: string;
  expiresAt: string;
  cdpToken: string;
  viewToken?: string;
  interactiveToken?: string;
}

/** A session as the API shows it (no tokens: they are only handed out at creation). */
export interface BrowserSessionView {
  id: string;
  status: BrowserSessionStatus;
  streamWebView: boolean;
  createdAt: string;
  expiresAt: string;
  lastActivity: string;
  endedAt?: string;
  endReason?: BrowserEndReason;
  profile?: { name: string; saveChanges: boolean };
}

/** Request on `browser.session.get` and `browser.session.stop`. */
export class BrowserSessionRef {
  @IsString()
  teamId!: string;

  @IsUUID()
  sessionId!: string;
}

/** Reply to `browser.session.stop`. */
export interface BrowserSessionStopReply {
  status: BrowserSessionStatus;
  sessionDurationMs: number;
  endReason: BrowserEndReason;
}

/** Request on `browser.session.list`. */
export class BrowserSessionListRequest {
  @IsString()
  teamId!: string;

  @IsOptional()
  @IsIn(['active', 'destroyed'])
  status?: BrowserSessionStatus;
}

/** Request on `browser.session.authorize`. The gateway sends only the token's SHA-256. */
export class BrowserSessionAuthorizeRequest {
  @IsUUID()
  sessionId!: string;

  @IsString()
  @Length(64, 64)
  tokenHash!: string;
}

/** Reply to `browser.session.authorize`: where to pipe the socket. */
export interface BrowserSessionAuthorizeReply {
  access: BrowserAccess;
  /** `http(s)://host:port` of the replica running the browser. */
  replicaEndpoint: string;
}

/** Request on `browser.profile.delete`. */
export class BrowserProfileDeleteRequest {
  @IsString()
  teamId!: string;

  @IsString()
  @Length(BROWSER_PROFILE_NAME_LENGTH.min, BROWSER_PROFILE_NAME_LENGTH.max)
  name!: string;
}

/** Request on `browser.replica.heartbeat`. */
export class BrowserReplicaHeartbeat {
  @IsString()
  replicaId!: string;

  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  endpoint!: string;

  @IsInt()
  @Min(0)
  maxSessions!: number;

  /** Sessions this replica can still start now (slots and memory). */
  @IsInt()
  @Min(0)
  freeSlots!: number;
}

/** Request on `browser.replica.launch.<replicaId>`. */
export class BrowserReplicaLaunchCommand {
  @IsUUID()
  sessionId!: string;
}

/** Request on `browser.replica.stop.<replicaId>`. */
export class BrowserReplicaStopCommand {
  @IsUUID()
  sessionId!: string;

  @IsIn(Object.keys(BROWSER_END_REASONS))
  reason!: BrowserEndReason;
}
