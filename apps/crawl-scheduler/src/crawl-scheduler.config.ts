import { ServiceConfig } from '@wh/platform/config';

export class CrawlSchedulerConfig extends ServiceConfig {
  override HTTP_PORT: number = 3102;
}
