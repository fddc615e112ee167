import { Type } from 'class-transformer';
import { Equals, IsBoolean, IsIn, IsInt, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { BROWSER_END_REASONS, type BrowserEndReason, type BrowserSessionStatus } from '@wh/contracts';
import { Nullable } from './schema-decorators';

const SESSION_STATUSES: readonly BrowserSessionStatus[] = ['active', 'destroyed'];
const END_REASONS = Object.keys(BROWSER_END_REASONS) as BrowserEndReason[];

/** DELETE /v2/browser/profiles/{name}. */
export class SuccessResponse {
  @Equals(true)
  success!: true;
}

/** POST /v2/browser: the session's URLs carry tokens handed out only here. */
export class BrowserCreateResponse {
  @Equals(true)
  success!: true;

  @IsString()
  id!: string;

  /** `ws(s)://.../v2/browser/{id}/cdp?token=...`: Chrome DevTools Protocol over a WebSocket. */
  @IsString()
  cdpUrl!: string;

  /** A watch-only page of the session's screen; empty without `streamWebView`. */
  @IsString()
  liveViewUrl!: string;

  /** The same page with mouse and keyboard; empty without `streamWebView`. */
  @IsString()
  interactiveLiveViewUrl!: string;

  @IsString()
  expiresAt!: string;
}

export class BrowserProfileBody {
  @IsString()
  name!: string;

  @IsBoolean()
  saveChanges!: boolean;
}

/** A session as listed: the URLs are empty, their tokens are only handed out at creation. */
export class BrowserSessionBody {
  @IsString()
  id!: string;

  @IsIn(SESSION_STATUSES)
  status!: BrowserSessionStatus;

  @IsBoolean()
  streamWebView!: boolean;

  @IsString()
  createdAt!: string;

  @IsString()
  expiresAt!: string;

  @IsString()
  lastActivity!: string;

  @IsOptional()
  @IsString()
  endedAt?: string;

  @IsOptional()
  @IsIn(END_REASONS)
  endReason?: BrowserEndReason;

  @IsOptional()
  @ValidateNested()
  @Type(() => BrowserProfileBody)
  profile?: BrowserProfileBody;

  @IsString()
  cdpUrl!: string;

  @IsString()
  liveViewUrl!: string;

  @IsString()
  interactiveLiveViewUrl!: string;
}

/** GET /v2/browser/{id}: the session, flat beside `success`. */
export class BrowserSessionResponse extends BrowserSessionBody {
  @Equals(true)
  success!: true;
}

/** GET /v2/browser. */
export class BrowserListResponse {
  @Equals(true)
  success!: true;

  @ValidateNested({ each: true })
  @Type(() => BrowserSessionBody)
  sessions!: BrowserSessionBody[];
}

/** DELETE /v2/browser/{id}. */
export class BrowserStopResponse {
  @Equals(true)
  success!: true;

  @IsIn(SESSION_STATUSES)
  status!: BrowserSessionStatus;

  @IsInt()
  @Min(0)
  sessionDurationMs!: number;

  @IsIn(END_REASONS)
  endReason!: BrowserEndReason;
}

export class CreditUsageBody {
  /** 99999999 on an unlimited plan. */
  @IsInt()
  remainingCredits!: number;

  @IsInt()
  planCredits!: number;

  @IsString()
  billingPeriodStart!: string;

  @IsString()
  billingPeriodEnd!: string;
}

/** GET /v2/team/credit-usage. */
export class CreditUsageResponse {
  @Equals(true)
  success!: true;

  @ValidateNested()
  @Type(() => CreditUsageBody)
  data!: CreditUsageBody;
}

export class TokenUsageBody {
  /** 99999999 on an unlimited plan. */
  @IsInt()
  remainingTokens!: number;

  @IsInt()
  planTokens!: number;

  @IsString()
  billingPeriodStart!: string;

  @IsString()
  billingPeriodEnd!: string;
}

/** GET /v2/team/token-usage. */
export class TokenUsageResponse {
  @Equals(true)
  success!: true;

  @ValidateNested()
  @Type(() => TokenUsageBody)
  data!: TokenUsageBody;
}

export class CreditUsagePeriod {
  @IsString()
  startDate!: string;

  @IsString()
  endDate!: string;

  /** With `byApiKey=true`: the key's id, null for work no key asked for. */
  @IsOptional()
  @Nullable('string')
  apiKey?: string | null;

  @IsInt()
  @Min(0)
  creditsUsed!: number;
}

/** GET /v2/team/credit-usage/historical. */
export class CreditUsageHistoryResponse {
  @Equals(true)
  success!: true;

  @ValidateNested({ each: true })
  @Type(() => CreditUsagePeriod)
  periods!: CreditUsagePeriod[];
}

export class TokenUsagePeriod {
  @IsString()
  startDate!: string;

  @IsString()
  endDate!: string;

  @IsOptional()
  @Nullable('string')
  apiKey?: string | null;

  @IsInt()
  @Min(0)
  tokensUsed!: number;
}

/** GET /v2/team/token-usage/historical. */
export class TokenUsageHistoryResponse {
  @Equals(true)
  success!: true;

  @ValidateNested({ each: true })
  @Type(() => TokenUsagePeriod)
  periods!: TokenUsagePeriod[];
}

/** GET /v2/team/queue-status. */
export class QueueStatusResponse {
  @Equals(true)
  success!: true;

  @IsInt()
  @Min(0)
  jobsInQueue!: number;

  @IsInt()
  @Min(0)
  activeJobsInQueue!: number;

  @IsInt()
  @Min(0)
  waitingJobsInQueue!: number;

  @IsInt()
  @Min(0)
  maxConcurrency!: number;

  @Nullable('string', 'When a job of the team last completed; null before the first')
  mostRecentSuccess!: string | null;
}

/** GET /v2/concurrency-check. */
export class ConcurrencyCheckResponse {
  @Equals(true)
  success!: true;

  @IsInt()
  @Min(0)
  concurrency!: number;

  @IsInt()
  @Min(0)
  maxConcurrency!: number;
}
