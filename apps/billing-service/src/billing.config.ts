import { ServiceDatabaseConfig } from '@wh/platform/database';

export class BillingConfig extends ServiceDatabaseConfig {
  override HTTP_PORT: number = 3105;
}
