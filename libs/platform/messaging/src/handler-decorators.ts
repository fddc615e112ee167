import { Ctx, EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import type {
  ConsumerDefinition,
  RequestPayload,
  RequestReply,
  RequestSubject,
  StreamPayload,
  StreamSubject,
} from '@wh/contracts';
import type { JetStreamMessageContext } from './message-context';

type RequestMethod<S extends RequestSubject> = (
  payload: RequestPayload<S>,
) => Promise<RequestReply<S>> | RequestReply<S>;
type StreamMethod<S extends StreamSubject> = (
  payload: StreamPayload<S>,
  context: JetStreamMessageContext,
) => Promise<void>;

/**
 * Answers a request subject. The method's payload and reply types are checked against the subject's contract, so a
 * handler that drifts from what its callers send or expect does not compile.
 */
export function HandleRequest<S extends RequestSubject>(subject: S) {
  return <M extends RequestMethod<S>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    MessagePattern(subject)(target, key, descriptor);
    Payload()(target, key, 0);
  };
}

/**
 * Handles the messages of a durable consumer, acked after the method returns (see DurableConsumerRunner). The
 * payload type follows from the consumer's contract subject.
 */
export function ConsumeStream<S extends StreamSubject>(consumer: ConsumerDefinition<S>) {
  return <M extends StreamMethod<S>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    EventPattern(consumer.durableName)(target, key, descriptor);
    Payload()(target, key, 0);
    Ctx()(target, key, 1);
  };
}
