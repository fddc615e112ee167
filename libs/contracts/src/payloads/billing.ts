import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsInt,
  IsISO8601,
  IsString,
  IsUUID,
  Length,
  Min,
  ValidateNested,
} from 'class-validator';

/** Request on `billing.apikey.verify`. The gateway sends only the key's SHA-256, never the key. */
export class ApiKeyVerifyRequest {
  @IsString()
  @Length(64, 64)
  keyHash!: string;
}

/** Broadcast on `billing.apikey.revoked`. */
export class ApiKeyRevokedEvent {
  @IsString()
  @Length(64, 64)
  keyHash!: string;
}

export interface ApiKeyVerifyReply {
  teamId: string;
  keyId: string;
  concurrencyLimit: number;
}

export const USAGE_KINDS = ['scrape', 'crawl', 'batch', 'extract', 'map', 'search', 'parse'] as const;
/** The endpoint family a charge comes from. */
export type UsageKind = (typeof USAGE_KINDS)[number];

/** Event on `billing.usage.recorded`: idempotent by `eventId`. */
export class UsageRecordedEvent {
  @IsString()
  eventId!: string;

  @IsString()
  teamId!: string;

  @IsIn(USAGE_KINDS)
  kind!: UsageKind;

  @IsString()
  jobId!: string;

  /** The API key the work was asked with (per-key usage history); absent when authentication is disabled. */
  @IsOptional()
  @IsUUID()
  apiKeyId?: string;

  @IsInt()
  @Min(0)
  credits!: number;

  /** LLM tokens this charge paid for (extraction), reported by GET /v2/team/token-usage. */
  @IsOptional()
  @IsInt()
  @Min(0)
  tokens?: number;

  @IsISO8601()
  occurredAt!: string;
}

/** Most charges one {@link UsageBatchRecordedEvent} carries; keeps a message far below the NATS max payload. */
export const MAX_USAGE_CHARGES_PER_BATCH = 500;

/** Event on `billing.usage-batch.recorded`: many charges in one message, each idempotent by its `eventId`. */
export class UsageBatchRecordedEvent {
  @IsArray()
  @ArrayMaxSize(MAX_USAGE_CHARGES_PER_BATCH)
  @ValidateNested({ each: true })
  @Type(() => UsageRecordedEvent)
  charges!: UsageRecordedEvent[];
}

/** Request on `billing.team.webhook-secret`: the key webhooks of the team are signed with. */
export class TeamWebhookSecretRequest {
  @IsString()
  teamId!: string;
}

export interface TeamWebhookSecretReply {
  secret: string;
}

/** Team used for every request when authentication is switched off for single-user local use. */
export const LOCAL_TEAM_ID = '00000000-0000-4000-8000-000000000000';

/** The endpoint kinds plans limit per minute (`status`: reads of job status and team usage). */
export const ENDPOINT_KINDS = [
  'scrape',
  'crawl',
  'batch',
  'extract',
  'browser',
  'status',
  'map',
  'search',
  'parse',
] as const;
export type EndpointKind = (typeof ENDPOINT_KINDS)[number];

/** Request on `billing.credits.check` and `billing.team.credit-usage`: a team's standing now. */
export class TeamCreditsRequest {
  @IsString()
  teamId!: string;
}

/** A team's balance in its current billing period; credits are null on an unlimited plan. */
export interface TeamCreditsReply {
  planId: string;
  planCredits: number | null;
  remainingCredits: number | null;
  /** ISO 8601; the period ends (exclusive) where the next begins. */
  billingPeriodStart: string;
  billingPeriodEnd: string;
  concurrency: number;
  /** Requests per minute by endpoint kind; an absent kind is not limited. */
  rateLimits: Partial<Record<EndpointKind, number>>;
  /** LLM tokens of the plan per period and left in this one; null: unlimited. */
  planTokens: number | null;
  remainingTokens: number | null;
}

/** Request on `billing.credits.reserve`: set credits aside for a crawl or batch about to be created. */
export class CreditsReserveRequest {
  @IsString()
  teamId!: string;

  @IsInt()
  @Min(1)
  credits!: number;

  /** What one page of the job costs: the credits granted are a whole number of pages. Default 1. */
  @IsOptional()
  @IsInt()
  @Min(1)
  perPage?: number;
}

export interface CreditsReserveReply {
  /** Null when nothing was set aside (none left, or an unlimited plan). */
  reservationId: string | null;
  /** At most what was asked, a multiple of `perPage`: what the job may use. Everything asked on an unlimited plan. */
  granted: number;
}

/** Request on `billing.credits.bind`: the job a reservation was made for. */
export class CreditsBindRequest {
  @IsString()
  teamId!: string;

  @IsString()
  reservationId!: string;

  @IsString()
  jobId!: string;
}

/** Request on `billing.credits.release`: a job ended (or was never created); what it did not use is free again. */
export class CreditsReleaseRequest {
  @IsOptional()
  @IsString()
  jobId?: string;

  /** A reservation whose job was never created. */
  @IsOptional()
  @IsString()
  reservationId?: string;
}

/** Broadcast on `billing.credits.changed` after charges or grants of a team committed: cached balances are stale. */
export class TeamCreditsChangedEvent {
  @IsString()
  teamId!: string;

  /** The team's credits of the period are used up (charges reached its plan and grants): running jobs stop. */
  @IsOptional()
  @IsBoolean()
  creditsUsedUp?: boolean;

  /**
   * Only charges changed (no grant, plan or reservation): a gateway whose cached standing of the team has no credit or
   * token limit may keep it, since charges cannot change what it admits.
   */
  @IsOptional()
  @IsBoolean()
  chargesOnly?: boolean;

  /**
   * With `chargesOnly`: the credits the team has left once these charges committed (less open reservations), null on
   * an unlimited plan, so gateways update their cached standing instead of asking billing. Absent: not known.
   */
  @IsOptional()
  @IsInt()
  @Min(0)
  remainingCredits?: number | null;

  /** With `remainingCredits`: the plan's LLM tokens left, null when the plan has no token limit. */
  @IsOptional()
  @IsInt()
  @Min(0)
  remainingTokens?: number | null;
}

/** Request on `billing.team.credit-usage.historical` (credits and tokens, for both historical usage routes). */
export class CreditUsageHistoryRequest {
  @IsString()
  teamId!: string;

  @IsBoolean()
  byApiKey!: boolean;
}

export interface CreditUsageHistoryPeriod {
  startDate: string;
  endDate: string;
  /** The key's id, when asked by key; charges made without a known key have none. */
  apiKeyId?: string;
  creditsUsed: number;
  /** LLM tokens charged in the period (extraction). */
  tokensUsed: number;
}

export interface CreditUsageHistoryReply {
  periods: CreditUsageHistoryPeriod[];
}
