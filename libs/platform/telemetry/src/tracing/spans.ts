import { context, type Context, propagation, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

export { SpanKind };

const tracer = trace.getTracer('webharvest');

/**
 * Runs `work` inside a new active span (a child of `parent`, or of the active span, linked to the spans of `links`),
 * records a thrown error on it and ends it. With tracing off this is a no-op span.
 */
export async function inSpan<T>(
  name: string,
  options: { kind: SpanKind; attributes?: Record<string, string | number>; parent?: Context; links?: Context[] },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  const links = (options.links ?? []).flatMap((linked) => {
    const spanContext = trace.getSpanContext(linked);
    return spanContext ? [{ context: spanContext }] : [];
  });
  return tracer.startActiveSpan(
    name,
    { kind: options.kind, attributes: options.attributes, links },
    parent,
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Starts a span that the caller ends, with the context to run its work in (for work ending in a callback). */
export function startSpan(
  name: string,
  options: { kind: SpanKind; parent?: Context },
): { span: Span; context: Context } {
  const parent = options.parent ?? context.active();
  const span = tracer.startSpan(name, { kind: options.kind }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** Writes the active trace context (W3C `traceparent`, `tracestate`) through `set`. */
export function injectTraceContext(set: (name: string, value: string) => void): void {
  propagation.inject(context.active(), undefined, { set: (_carrier, name, value) => set(name, value) });
}

/** The trace context a message or request carried, as a parent for the spans of its handling. */
export function extractTraceContext(get: (name: string) => string | undefined): Context {
  return propagation.extract(context.active(), undefined, {
    get: (_carrier, name) => get(name),
    keys: () => ['traceparent', 'tracestate'],
  });
}

export function withContext<T>(active: Context, work: () => T): T {
  return context.with(active, work);
}
