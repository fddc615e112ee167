import { loadConfig } from '@wh/platform/config';
import { MetricsConfig } from './metrics.config';

type Telemetry = typeof import('./index');

/** The catalogue loaded afresh under `env`, as a service process started with it would load it. */
function telemetryStartedWith(env: Record<string, string>): Telemetry {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    let loaded: Telemetry | undefined;
    jest.isolateModules(() => {
      loaded = jest.requireActual<Telemetry>('./index');
    });
    return loaded as Telemetry;
  } finally {
    process.env = saved;
  }
}

describe('METRICS_ENABLED', () => {
  it('is on by default and refuses a value that is not a boolean', () => {
    expect(loadConfig(MetricsConfig, {}).METRICS_ENABLED).toBe(true);
    expect(loadConfig(MetricsConfig, { METRICS_ENABLED: 'no' }).METRICS_ENABLED).toBe(false);
    expect(() => loadConfig(MetricsConfig, { METRICS_ENABLED: 'sometimes' })).toThrow(/METRICS_ENABLED/);
  });

  it('on, recordings and process metrics reach the registry', async () => {
    const telemetry = telemetryStartedWith({ METRICS_ENABLED: 'true' });
    telemetry.pagesScraped.inc({ engine: 'http', outcome: 'completed' });
    telemetry.collectProcessMetrics();
    const text = await telemetry.metricsRegistry.metrics();
    expect(text).toContain('wh_pages_scraped_total{engine="http",outcome="completed"} 1');
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('off, every recording is a no-op and the registry stays empty', async () => {
    const telemetry = telemetryStartedWith({ METRICS_ENABLED: 'false' });
    telemetry.pagesScraped.inc({ engine: 'http', outcome: 'completed' });
    telemetry.httpRequestDuration.observe({ method: 'GET', route: '/v2/scrape', status: '200' }, 0.01);
    telemetry.crawlFrontierPages.set(3);
    telemetry.collectProcessMetrics();
    expect((await telemetry.metricsRegistry.metrics()).trim()).toBe('');
  });
});
