import pino, { type Logger } from 'pino';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import { currentCorrelationId } from './correlation';

/** Header and field names whose values never reach a log line. */
const REDACTED_PATHS = [
  'authorization',
  'headers.authorization',
  'req.headers.authorization',
  'key',
  'apiKey',
  'token',
  '*.password',
];

/** A JSON logger that stamps the service name, the current correlation id and trace (when traced) on every line. */
export function createLogger(service: string, level: string): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    mixin: () => {
      const correlationId = currentCorrelationId();
      const spanContext = trace.getActiveSpan()?.spanContext();
      return {
        ...(correlationId ? { correlationId } : {}),
        ...(spanContext && isSpanContextValid(spanContext)
          ? { traceId: spanContext.traceId, spanId: spanContext.spanId }
          : {}),
      };
    },
    formatters: { level: (label) => ({ level: label }) },
  });
}
export type { Logger };
