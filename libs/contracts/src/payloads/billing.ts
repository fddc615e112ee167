import { IsIn, IsInt, IsISO8601, IsString, Length, Min } from 'class-validator';

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
