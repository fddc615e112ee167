import { extractTraceContext, inSpan, SpanKind } from '@wh/platform/telemetry';
import { messagingAttributes } from './jetstream-publisher';
import type { ReceivedMessage } from './payload-codec';

/**
 * Runs the reading of a message a caller was waiting for (a reply event on a subject of its own) in a consumer span of
 * the caller's trace, linked to the span that sent it: the way back of a trace across NATS.
 */
export function inReceiveSpan<T>(subject: string, message: ReceivedMessage, work: () => Promise<T>): Promise<T> {
  const sender = extractTraceContext((name) => message.headers?.get(name) || undefined);
  return inSpan(
    `receive ${subject}`,
    { kind: SpanKind.CONSUMER, attributes: messagingAttributes(subject), links: [sender] },
    work,
  );
}
