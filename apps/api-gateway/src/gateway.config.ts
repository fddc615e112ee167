import { IsBoolean, IsInt, IsUrl, Min } from 'class-validator';
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

  /** Largest request body accepted. */
  @IsInt()
  @Min(1024)
  MAX_REQUEST_BODY_BYTES: number = 10 * 1024 * 1024;
}
