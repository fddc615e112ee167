import { IsBoolean, IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { EnvBoolean } from '@wh/platform/config';
import { ServiceDatabaseConfig } from '@wh/platform/database';

export class ScrapeWorkerConfig extends ServiceDatabaseConfig {
  override HTTP_PORT: number = 3101;

  /** Allow targets on loopback and private networks. Off by default: the worker would be an SSRF proxy. */
  @EnvBoolean()
  @IsBoolean()
  ALLOW_PRIVATE_TARGETS: boolean = false;

  /** Scrape jobs processed at once by one worker process. */
  @IsInt()
  @Min(1)
  @Max(256)
  SCRAPE_CONCURRENCY: number = 16;

  /** Worker threads converting HTML (0 = one per core). */
  @IsInt()
  @Min(0)
  @Max(64)
  CONVERSION_THREADS: number = 0;

  /** Largest response body read from a target, after decompression. */
  @IsInt()
  @Min(1024)
  MAX_RESPONSE_BYTES: number = 50 * 1024 * 1024;

  /**
   * Chromium-style host mappings (`MAP *.test 127.0.0.1`) applied before DNS, for test sites with real-looking
   * host names; empty in production.
   */
  @Matches(/^(\s*MAP\s+\S+\s+\S+\s*(,|$))*$/i, { message: 'HOST_RESOLVER_RULES must be comma-separated "MAP <host pattern> <address>" rules' })
  HOST_RESOLVER_RULES: string = '';

  @IsString()
  USER_AGENT: string = 'Mozilla/5.0 (compatible; WebHarvest/0.1; +https://github.com/webharvest)';
}
