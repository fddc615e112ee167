import { IsBoolean } from 'class-validator';
import { EnvBoolean, loadConfig } from '@wh/platform/config';

/** Whether the process records Prometheus metrics at all. */
export class MetricsConfig {
  /**
   * On by default. Off, every metric of the catalogue is a no-op, process metrics are not collected and /metrics
   * answers an empty exposition: for measuring what metrics cost, or for a deployment that scrapes nothing.
   */
  @EnvBoolean()
  @IsBoolean()
  METRICS_ENABLED: boolean = true;
}

/**
 * Read once when the catalogue loads: metrics are module constants that every library records into, so the choice has
 * to be made before the first of them exists.
 */
export const metricsEnabled = loadConfig(MetricsConfig).METRICS_ENABLED;
