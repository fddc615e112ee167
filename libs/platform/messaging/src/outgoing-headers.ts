import { headers as natsHeaders, type MsgHdrs } from 'nats';
import { CORRELATION_ID_HEADER } from '@wh/contracts';
import { currentCorrelationId } from '@wh/platform/logging';
import { injectTraceContext } from '@wh/platform/telemetry';

/**
 * Headers every outgoing message carries: the correlation id of the work that sent it, so logs follow each hop, and
 * the active trace context (W3C `traceparent`), so traces do.
 */
export function outgoingHeaders(): MsgHdrs {
  const headers = natsHeaders();
  const correlationId = currentCorrelationId();
  if (correlationId) headers.set(CORRELATION_ID_HEADER, correlationId);
  injectTraceContext((name, value) => headers.set(name, value));
  return headers;
}
