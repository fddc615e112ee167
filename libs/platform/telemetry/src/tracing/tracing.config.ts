import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { EnvBoolean } from '@wh/platform/config';

/**
 * OpenTelemetry's standard settings, the subset this platform honours. Tracing is off unless an OTLP endpoint is
 * set (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`); `OTEL_SDK_DISABLED=true` or
 * `OTEL_TRACES_EXPORTER=none` turns it off again.
 */
export class TracingConfig {
  @IsOptional()
  @EnvBoolean()
  @IsBoolean()
  OTEL_SDK_DISABLED?: boolean;

  @IsIn(['otlp', 'none'])
  OTEL_TRACES_EXPORTER: string = 'otlp';

  /** Base URL of an OTLP/HTTP receiver; traces go to `<base>/v1/traces`. */
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/)
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;

  /** The full URL traces are posted to; wins over the base URL. */
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/)
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;

  /** `key=value` pairs, comma separated (W3C baggage format), sent with every export: credentials of a collector. */
  @IsOptional()
  @IsString()
  OTEL_EXPORTER_OTLP_HEADERS?: string;

  /** Overrides the service's own name in the `service.name` resource attribute. */
  @IsOptional()
  @IsString()
  OTEL_SERVICE_NAME?: string;

  /** `key=value` pairs, comma separated, added to every span's resource (`deployment.environment=prod`). */
  @IsOptional()
  @IsString()
  OTEL_RESOURCE_ATTRIBUTES?: string;

  @IsIn([
    'always_on',
    'always_off',
    'traceidratio',
    'parentbased_always_on',
    'parentbased_always_off',
    'parentbased_traceidratio',
  ])
  OTEL_TRACES_SAMPLER: string = 'parentbased_always_on';

  /** The ratio of the `*traceidratio` samplers. */
  @IsNumber()
  @Min(0)
  @Max(1)
  OTEL_TRACES_SAMPLER_ARG: number = 1;

  /** Milliseconds between two exports of finished spans. */
  @IsInt()
  @Min(1)
  OTEL_BSP_SCHEDULE_DELAY: number = 5_000;

  /** Where traces go, or undefined when tracing is off. */
  get tracesUrl(): string | undefined {
    if (this.OTEL_SDK_DISABLED || this.OTEL_TRACES_EXPORTER === 'none') return undefined;
    if (this.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return this.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
    if (this.OTEL_EXPORTER_OTLP_ENDPOINT) return `${this.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
    return undefined;
  }
}

/** `a=1,b=2` (values percent-encoded, as the specification writes them) as an object. */
export function parseKeyValueList(text: string | undefined): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const item of (text ?? '').split(',')) {
    const cut = item.indexOf('=');
    if (cut <= 0) continue;
    pairs[item.slice(0, cut).trim()] = decodeURIComponent(item.slice(cut + 1).trim());
  }
  return pairs;
}
