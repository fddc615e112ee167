import { IsBoolean, IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { EnvBoolean } from '@wh/platform/config';
import { ServiceDatabaseConfig } from '@wh/platform/database';
import { CONVERSION_YOUNG_GENERATION_MB } from '@wh/scraping/core';

export class ScrapeWorkerConfig extends ServiceDatabaseConfig {
  override HTTP_PORT: number = 3101;

  /** Allow targets on loopback and private networks. Off by default: the worker would be an SSRF proxy. */
  @EnvBoolean()
  @IsBoolean()
  ALLOW_PRIVATE_TARGETS: boolean = false;

  /** Crawl, batch and extract pages processed at once by one worker process. */
  @IsInt()
  @Min(1)
  @Max(256)
  SCRAPE_CONCURRENCY: number = 16;

  /**
   * Direct scrapes processed at once by one worker process, in slots of their own: a crawl's backlog never holds up
   * a request whose client waits. A worker runs up to this and SCRAPE_CONCURRENCY together.
   */
  @IsInt()
  @Min(1)
  @Max(256)
  DIRECT_SCRAPE_CONCURRENCY: number = 16;

  /**
   * Size of the DIRECT_SCRAPE_RESULTS memory stream, which only a requester that was disconnected reads back (32 MB is
   * ~12 s of 27 KB documents at 100/s). nats-server reserves all of it in its memory store (max_memory_store) on each
   * node holding a replica, at creation: the e2e suite, whose many namespaces share one server, sets it lower.
   */
  @IsInt()
  @Min(1)
  @Max(1024)
  DIRECT_SCRAPE_RESULTS_MAX_MB: number = 32;

  /** Worker threads converting HTML (0 = one per core). */
  @IsInt()
  @Min(0)
  @Max(64)
  CONVERSION_THREADS: number = 0;

  /**
   * Young-generation size of each conversion thread in MB (0 = V8's default). The library's setting, which the
   * benchmarks' in-process floor uses too: 64 MB kept the worker about 100 MB lower over real-size crawls but cost
   * about 7% more CPU a page and let the highest memory rise further above the first tenth's (docs/benchmarks.md,
   * "Crawl memory": issue 21, sessions 18 and 19).
   */
  @IsInt()
  @Min(0)
  @Max(4096)
  CONVERSION_YOUNG_GENERATION_MB: number = CONVERSION_YOUNG_GENERATION_MB;

  /** Largest response body read from a target, after decompression. */
  @IsInt()
  @Min(1024)
  MAX_RESPONSE_BYTES: number = 50 * 1024 * 1024;

  /**
   * Chromium-style host mappings (`MAP *.test 127.0.0.1`) applied before DNS, for test sites with real-looking
   * host names; empty in production.
   */
  @Matches(/^(\s*MAP\s+\S+\s+\S+\s*(,|$))*$/i, {
    message: 'HOST_RESOLVER_RULES must be comma-separated "MAP <host pattern> <address>" rules',
  })
  HOST_RESOLVER_RULES: string = '';

  @IsString()
  USER_AGENT: string = 'Mozilla/5.0 (compatible; WebHarvest/0.1; +https://github.com/webharvest)';

  /** Chromium (or Chrome) binary the browser engine starts. */
  @IsString()
  CHROMIUM_PATH: string = '/usr/bin/chromium';

  /** Pages one worker renders at once; more than the cores only adds latency and memory. */
  @IsInt()
  @Min(1)
  @Max(64)
  BROWSER_MAX_PAGES: number = 4;

  /** A browser is replaced after this many pages, bounding what leaks inside Chromium. */
  @IsInt()
  @Min(1)
  BROWSER_RECYCLE_PAGES: number = 500;

  /** Scrapes one incognito context serves, wiped of cookies, storage and cache in between, before it is closed; 1 for a new context per scrape. */
  @IsInt()
  @Min(1)
  BROWSER_CONTEXT_REUSES: number = 50;

  /**
   * Also opens each pool browser's DevTools on a random loopback port (its number in `DevToolsActivePort` in the
   * browser's profile folder), to watch the pool with a DevTools client while diagnosing. Off by default: any local
   * process could then drive the browser. The worker itself always talks to it over a pipe.
   */
  @EnvBoolean()
  @IsBoolean()
  BROWSER_DEVTOOLS_PORT: boolean = false;

  /** A browser whose processes together use more than this (shared memory counted once) is replaced once its pages are done. */
  @IsInt()
  @Min(64)
  BROWSER_MAX_MEMORY_MB: number = 1536;

  /**
   * Filter lists for blockAds: comma-separated files in ABP/uBlock syntax, where `default` stands for the lists of
   * Debian's webext-ublock-origin-chromium (EasyList, EasyPrivacy, uBlock's own) that are installed plus our
   * consent-notice rules. Empty: blockAds blocks nothing.
   */
  @IsString()
  ADBLOCK_LISTS: string = 'default';

  /** Where the compiled filter engine is kept between boots (parsing the default lists takes seconds). Empty: a folder under the temporary folder. */
  @IsString()
  ADBLOCK_CACHE_DIR: string = '';

  /**
   * Where screenshots and PDFs are stored; gateways and workers must share it. Empty: a folder per namespace under
   * the temporary folder; `file:///folder`; `s3://[key:secret@]bucket[/prefix]?region=&endpoint=&forcePathStyle=true`.
   */
  @IsString()
  STORAGE_URL: string = '';

  /** How long stored screenshots and PDFs (and their URLs) live. */
  @IsInt()
  @Min(60_000)
  FILE_TTL_MS: number = 24 * 3_600_000;

  /** Proxies (comma-separated `http://user:pass@host:port`) for `proxy: basic` and `auto`; empty goes direct. */
  @IsString()
  PROXY_BASIC: string = '';

  /** Proxies for `proxy: enhanced` and auto's retries after a block; empty refuses `enhanced`. */
  @IsString()
  PROXY_ENHANCED: string = '';

  /** Proxies per `location.country`: `DE=http://host:port|http://host2:port,FR=http://host:port`. */
  @IsString()
  PROXY_BY_COUNTRY: string = '';

  /**
   * Uploads of POST /v2/parse one worker converts at once; more wait. PDFs and Word files are read on the worker's
   * own thread, so this bounds how long NATS messages wait behind them.
   */
  @IsInt()
  @Min(1)
  @Max(64)
  PARSE_CONCURRENCY: number = 2;
}
