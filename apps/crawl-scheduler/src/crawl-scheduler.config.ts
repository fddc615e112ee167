import { Transform } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength } from 'class-validator';
import { EnvBoolean } from '@wh/platform/config';
import { ServiceDatabaseConfig } from '@wh/platform/database';

export class CrawlSchedulerConfig extends ServiceDatabaseConfig {
  override HTTP_PORT: number = 3102;

  /** How often each replica looks for work to dispatch and crawls to seed while any job is in progress. */
  @IsInt()
  @Min(20)
  @Max(60_000)
  DISPATCH_INTERVAL_MS: number = 250;

  /**
   * The longest wait between passes of a replica with no job in progress: each pass that finds nothing doubles the
   * wait from DISPATCH_INTERVAL_MS up to this. A job created on the replica wakes it at once; one created on another
   * replica (which woke that one) is found here within this wait if the other replica died first.
   */
  @IsInt()
  @Min(20)
  @Max(60_000)
  IDLE_DISPATCH_INTERVAL_MS: number = 2_000;

  /** A page dispatched this long ago without a result is dispatched again (its publish was lost). */
  @IsInt()
  @Min(1_000)
  STALE_DISPATCH_MS: number = 10 * 60_000;

  /** How long a finished job's documents stay readable through its status endpoint. */
  @IsInt()
  @Min(1)
  @Max(24 * 30)
  DOCUMENT_RETENTION_HOURS: number = 24;

  /** Delays before the 2nd, 3rd, ... webhook delivery attempt (Firecrawl's 1, 5 and 15 minutes by default). */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.split(',').map((part) => Number(part.trim())) : value,
  )
  @IsArray()
  @IsInt({ each: true })
  @Min(0, { each: true })
  WEBHOOK_RETRY_DELAYS_MS: number[] = [60_000, 300_000, 900_000];

  @IsInt()
  @Min(100)
  @Max(120_000)
  WEBHOOK_TIMEOUT_MS: number = 10_000;

  /** Allow webhook targets on loopback and private networks (tests, intranets); off by default. */
  @EnvBoolean()
  @IsBoolean()
  ALLOW_PRIVATE_TARGETS: boolean = false;

  /** Base URL clients reach the API on: the links to stored screenshots and PDFs in webhook bodies point there. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  PUBLIC_BASE_URL: string = 'http://localhost:3002';

  /**
   * The gateways' FILES_URL_SECRET, so the screenshot and PDF links in webhook bodies open on them. Without it those
   * stay `wh-file:` references (the scheduler says so when it starts).
   */
  @IsOptional()
  @IsString()
  @MinLength(32)
  FILES_URL_SECRET?: string;
}
