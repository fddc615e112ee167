import { ServiceConfig } from '@wh/platform/config';

export class ExtractServiceConfig extends ServiceConfig {
  override HTTP_PORT: number = 3104;
}
