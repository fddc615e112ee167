import { randomBytes } from 'node:crypto';
import { IsBoolean, IsInt, IsString, IsUrl, Min, MinLength } from 'class-validator';
import { EnvBoolean, ServiceConfig } from '@wh/platform/config';

export class GatewayConfig extends ServiceConfig {
  override HTTP_PORT: number = 3002;

  /** Base URL clients reach the API on; absolute URLs in responses are built from it. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  PUBLIC_BASE_URL: string = 'http://localhost:3002';

  /** Single-user local mode: no API key needed. Never the default. */
  @EnvBoolean()
  @IsBoolean()
  AUTH_DISABLED: boolean = false;

  /**
   * How long a verified API key is trusted without asking billing-service again. A revocation reaches every gateway
   * at once over NATS; this bounds how long a missed one (or a changed concurrency limit) lasts. 0 asks every time.
   */
  @IsInt()
  @Min(0)
  AUTH_CACHE_TTL_MS: number = 30_000;

  /**
   * How long a team's balance (and plan) is used without asking billing-service again. Billing announces every
   * committed charge and grant over NATS and gateways drop the team's entry at once; this bounds how long a missed
   * announcement (or a changed plan) lasts. 0 asks every time.
   */
  @IsInt()
  @Min(0)
  CREDITS_CACHE_TTL_MS: number = 5_000;

  /**
   * Lets requests name loopback and private addresses. The scrape-workers guard every fetch themselves; the gateway
   * reads it to refuse such URLs of an extract at once, as invalid URLs.
   */
  @EnvBoolean()
  @IsBoolean()
  ALLOW_PRIVATE_TARGETS: boolean = false;

  /**
   * Requests this replica works on at once. From a quarter of them on, a team holding its fair share of them (split among
   * the active teams) gets a 429 with Retry-After at once (`http/overload/`), rather than queueing behind its own
   * flood or making other teams queue behind it.
   */
  @IsInt()
  @Min(1)
  MAX_REQUESTS_IN_FLIGHT: number = 32;

  /**
   * Requests per second a team may always start on this replica. Once the replica is saturated, each active team is
   * held to an even split of the rate the replica sustains, but never below this (`http/overload/team-rate-shares.ts`).
   */
  @IsInt()
  @Min(1)
  TEAM_RATE_FLOOR_PER_SECOND: number = 50;

  /**
   * How long the gateway keeps an idle keep-alive connection open. Longer than the 60 s idle timeout of the usual load
   * balancers, so that neither a balancer nor a busy client sends a request on a connection the gateway is closing:
   * with Node's 5 s, the load test's client, starved of CPU on a shared machine, lost 462 of 6,000 requests that way
   * ("other side closed"). The time allowed for a request's headers is this plus a second.
   */
  @IsInt()
  @Min(1_000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS: number = 65_000;

  /** Largest request body accepted. */
  @IsInt()
  @Min(1024)
  MAX_REQUEST_BODY_BYTES: number = 10 * 1024 * 1024;

  /**
   * Key signing the URLs of stored screenshots and PDFs. Without one, each gateway process makes its own, so
   * URLs stop working after a restart and on other replicas: set it when running more than one gateway.
   */
  @IsString()
  @MinLength(32)
  FILES_URL_SECRET: string = randomBytes(32).toString('base64url');

  /**
   * Where screenshots and PDFs are stored; gateways and workers must share it. Empty: a folder per namespace under
   * the temporary folder; `file:///folder`; `s3://[key:secret@]bucket[/prefix]?region=&endpoint=&forcePathStyle=true`.
   */
  @IsString()
  STORAGE_URL: string = '';

  /**
   * Largest file POST /v2/parse accepts, in bytes. A request whose Content-Length already says more, or whose file
   * passes it while streaming, is refused with a 413 at that moment.
   */
  @IsInt()
  @Min(1)
  PARSE_MAX_BYTES: number = 50 * 1024 * 1024;
}
