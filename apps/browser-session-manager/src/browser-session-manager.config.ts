import { ServiceConfig } from '@wh/platform/config';

export class BrowserSessionManagerConfig extends ServiceConfig {
  override HTTP_PORT: number = 3103;
}
