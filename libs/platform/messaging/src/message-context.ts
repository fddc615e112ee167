/** What a durable-consumer handler learns about the message it is processing. */
export interface JetStreamMessageContext {
  subject: string;
  /** 1 on the first delivery. */
  deliveryCount: number;
  /** True when no further redelivery will follow a failure. */
  isLastDelivery: boolean;
  headers: Record<string, string>;
  /** Tells the server the work is still in progress so the ack timer restarts. */
  working(): void;
}

export type DurableHandler<T> = (payload: T, context: JetStreamMessageContext) => Promise<void>;
