import { loadConfig } from '@wh/platform/config';
import { parseKeyValueList, TracingConfig } from './tracing.config';

describe('TracingConfig', () => {
  it('is off without an OTLP endpoint', () => {
    expect(loadConfig(TracingConfig, {}).tracesUrl).toBeUndefined();
  });

  it('posts to <endpoint>/v1/traces, or to the traces endpoint as given', () => {
    expect(loadConfig(TracingConfig, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracesUrl).toBe(
      'http://collector:4318/v1/traces',
    );
    const both = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b/t' };
    expect(loadConfig(TracingConfig, both).tracesUrl).toBe('http://b/t');
  });

  it('is turned off again by OTEL_SDK_DISABLED or OTEL_TRACES_EXPORTER=none', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(loadConfig(TracingConfig, { ...endpoint, OTEL_SDK_DISABLED: 'true' }).tracesUrl).toBeUndefined();
    expect(loadConfig(TracingConfig, { ...endpoint, OTEL_TRACES_EXPORTER: 'none' }).tracesUrl).toBeUndefined();
  });

  it('refuses settings it cannot honour at boot', () => {
    expect(() => loadConfig(TracingConfig, { OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(/OTEL_TRACES_EXPORTER/);
    expect(() => loadConfig(TracingConfig, { OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
  });

  it('reads header and resource lists', () => {
    expect(parseKeyValueList('api-key=a%20b, env=prod,broken')).toEqual({ 'api-key': 'a b', env: 'prod' });
  });
});
