import { headers as natsHeaders, type MsgHdrs } from 'nats';
import { CORRELATION_ID_HEADER } from '@wh/contracts';
import { currentCorrelationId } from '@wh/platform/logging';

/** Headers every outgoing message carries: the correlation id of the work that sent it, so logs follow each hop. */
export function outgoingHeaders(): MsgHdrs {
  const headers = natsHeaders();
  const correlationId = currentCorrelationId();
  if (correlationId) headers.set(CORRELATION_ID_HEADER, correlationId);
  return headers;
}
