import type { JsMsg } from 'nats';
import { Subjects } from '@wh/contracts';
import type { JetStreamPublisher } from './jetstream-publisher';

export function headersOf(message: Pick<JsMsg, 'headers'>): Record<string, string> {
  const result: Record<string, string> = {};
  if (!message.headers) return result;
  for (const [key, values] of message.headers) result[key] = values.join(', ');
  return result;
}

/** Records a message that will not be processed again on the dead-letter stream. */
export async function deadLetter(
  publisher: JetStreamPublisher,
  message: JsMsg,
  consumer: string,
  reason: string,
): Promise<void> {
  await publisher.publish(
    Subjects.messageDeadLettered,
    {
      stream: message.info.stream,
      consumer,
      subject: message.subject,
      deliveries: message.info.redeliveryCount,
      reason,
      payload: Buffer.from(message.data).toString('base64'),
      headers: headersOf(message),
    },
    { msgId: `${message.info.stream}:${message.seq}` },
  );
}
