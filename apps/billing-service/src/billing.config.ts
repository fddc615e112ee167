import { IsInt, Max, Min } from 'class-validator';
import { ServiceDatabaseConfig } from '@wh/platform/database';

export class BillingConfig extends ServiceDatabaseConfig {
  override HTTP_PORT: number = 3105;

  /**
   * Usage messages arriving within this many ms of each other are charged in one transaction (group commit). A
   * charge follows the reply it pays for, so this only delays when the balance shows it.
   */
  @IsInt()
  @Min(0)
  @Max(1_000)
  USAGE_BATCH_WINDOW_MS: number = 100;

  /** Usage messages this replica holds at once (the consumer's pull slots), and so the largest group. */
  @IsInt()
  @Min(1)
  @Max(1_000)
  USAGE_BATCH_SIZE: number = 128;
}
