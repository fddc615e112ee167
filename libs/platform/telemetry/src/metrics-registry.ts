import { collectDefaultMetrics, Registry } from 'prom-client';
import { metricsEnabled } from './metrics.config';

/** The process's one registry: every metric of every library and app registers here, and /metrics serves it. */
export const metricsRegistry = new Registry();

let processMetricsOn = false;

/**
 * CPU, memory, event-loop lag and GC of this process (`process_*`, `nodejs_*`); a service calls it once at start.
 * Nothing with `METRICS_ENABLED=false`: the event-loop monitor and GC observer are costs of their own.
 */
export function collectProcessMetrics(): void {
  if (processMetricsOn || !metricsEnabled) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
}
