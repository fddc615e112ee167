import { tmpdir } from 'node:os';
import path from 'node:path';
import { IsBoolean, IsInt, IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';
import { EnvBoolean } from '@wh/platform/config';
import { ServiceDatabaseConfig } from '@wh/platform/database';

export class BrowserSessionManagerConfig extends ServiceDatabaseConfig {
  override HTTP_PORT: number = 3103;

  /** The Chromium binary (Debian's `chromium`). */
  @IsString()
  CHROMIUM_PATH: string = '/usr/bin/chromium';

  /** Sessions one replica runs at most (one Chromium process each). */
  @IsInt()
  @Min(1)
  @Max(500)
  BROWSER_MAX_SESSIONS: number = 16;

  /** Idle browsers kept started so a session without a profile starts without waiting for Chromium. */
  @IsInt()
  @Min(0)
  @Max(50)
  BROWSER_WARM_POOL_SIZE: number = 2;

  /** Memory (MiB) a new session needs free on the host before this replica offers a slot. */
  @IsInt()
  @Min(0)
  BROWSER_MIN_FREE_MEMORY_MB: number = 512;

  /** URL the gateway reaches this replica's session sockets on; defaults to loopback and HTTP_PORT. */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  BROWSER_REPLICA_URL?: string;

  /** Where each session's user-data, download and upload folders live while it runs. */
  @IsString()
  BROWSER_DATA_DIR: string = path.join(tmpdir(), 'webharvest-browsers');

  /** Where saved profiles are kept when `STORAGE_URL` is empty: a folder, for one machine. */
  @IsString()
  BROWSER_PROFILE_DIR: string = path.join(process.cwd(), '.data', 'browser-profiles');

  /**
   * The storage driver saved profiles go to, under `browser-profiles/`: `file:///folder` or
   * `s3://[key:secret@]bucket[/prefix]?region=&endpoint=&forcePathStyle=true` (replicas on several nodes need S3).
   * Empty: `BROWSER_PROFILE_DIR`.
   */
  @IsString()
  STORAGE_URL: string = '';

  /** Allow sessions to navigate to loopback, private and link-local addresses (on in `npm start` and tests). */
  @EnvBoolean()
  @IsBoolean()
  ALLOW_PRIVATE_TARGETS: boolean = false;

  /** Interval of this replica's heartbeat; a replica silent for 5 intervals is presumed dead. */
  @IsInt()
  @Min(200)
  BROWSER_HEARTBEAT_MS: number = 2_000;
}
