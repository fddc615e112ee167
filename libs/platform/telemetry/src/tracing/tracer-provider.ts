import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { parseKeyValueList, type TracingConfig } from './tracing.config';

function samplerOf(config: TracingConfig): Sampler {
  const ratio = new TraceIdRatioBasedSampler(config.OTEL_TRACES_SAMPLER_ARG);
  switch (config.OTEL_TRACES_SAMPLER) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratio;
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/** The process's tracing, once started: flushes what is left at shutdown. */
export interface RunningTracing {
  shutdown(): Promise<void>;
}

/**
 * Registers a tracer provider exporting over OTLP/HTTP (JSON), the async-local-storage context and the W3C trace
 * context propagator, when the configuration names an endpoint. Without one nothing is registered: the API's
 * no-op tracer makes every span call free, and no header is added to any message.
 */
export function startTracing(serviceName: string, config: TracingConfig): RunningTracing | undefined {
  const url = config.tracesUrl;
  if (!url) return undefined;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      ...parseKeyValueList(config.OTEL_RESOURCE_ATTRIBUTES),
      [ATTR_SERVICE_NAME]: config.OTEL_SERVICE_NAME ?? serviceName,
    }),
    sampler: samplerOf(config),
    spanProcessors: [
      new BatchSpanProcessor(
        new OTLPTraceExporter({ url, headers: parseKeyValueList(config.OTEL_EXPORTER_OTLP_HEADERS) }),
        {
          scheduledDelayMillis: config.OTEL_BSP_SCHEDULE_DELAY,
        },
      ),
    ],
  });
  provider.register();
  return { shutdown: () => provider.shutdown() };
}
