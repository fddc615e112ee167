import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsISO8601, IsString, Length, Min, ValidateNested } from 'class-validator';

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

/** Event on `billing.usage.recorded`: idempotent by `eventId`. */
export class UsageRecordedEvent {
  @IsString()
  eventId!: string;

  @IsString()
  teamId!: string;

  @IsIn(['scrape', 'crawl', 'batch'])
  kind!: 'scrape' | 'crawl' | 'batch';

  @IsString()
  jobId!: string;

  @IsInt()
  @Min(0)
  credits!: number;

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
