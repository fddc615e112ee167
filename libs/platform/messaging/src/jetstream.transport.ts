import type { INestApplication } from '@nestjs/common';
import { Catch, type RpcExceptionFilter, UseFilters } from '@nestjs/common';
import { type CustomTransportStrategy, type MessageHandler, Server } from '@nestjs/microservices';
import type { Subscription } from 'nats';
import { lastValueFrom, type Observable, throwError } from 'rxjs';
import { type ConsumerDefinition, Consumers, messageContract } from '@wh/contracts';
import type { Logger } from '@wh/platform/logging';
import { DurableConsumerRunner } from './durable-consumer-runner';
import { JetStreamPublisher } from './jetstream-publisher';
import type { JetStreamMessageContext } from './message-context';
import { NatsClient } from './nats-client';
import { serveRequests } from './request-reply';

export interface JetStreamTransportOptions {
  logger: Logger;
  /** Pull slots per durable consumer name handled by this service. */
  concurrency: Record<string, number>;
  /** Per consumer name, redelivery delays that replace the contract's. */
  retryDelaysMs?: Record<string, readonly number[]>;
  shutdownGraceMs: number;
}

@Catch()
class PreserveErrorsFilter implements RpcExceptionFilter {
  catch(exception: unknown): Observable<never> {
    return throwError(() => exception);
  }
}

/**
 * Put on every NATS handler class. Nest's default RPC filter replaces any error with a generic object, which
 * would lose the error code (and with it the ack / nak / term decision). A hybrid app cannot register a
 * microservice-wide filter after start, so each handler class opts in.
 */
export const PreserveRpcErrors = (): ClassDecorator & MethodDecorator => UseFilters(new PreserveErrorsFilter());

/**
 * A Nest transport over NATS: `@HandleRequest(<request subject>)` handlers answer through the service's
 * queue group; `@ConsumeStream(<durable consumer>)` handlers run on a JetStream pull consumer with
 * bounded concurrency, acked only after the handler returned.
 */
export class JetStreamTransport extends Server implements CustomTransportStrategy {
  private readonly runners: DurableConsumerRunner<ConsumerDefinition['subject']>[] = [];
  private readonly subscriptions: Subscription[] = [];

  constructor(
    private readonly nats: NatsClient,
    private readonly publisher: JetStreamPublisher,
    private readonly options: JetStreamTransportOptions,
  ) {
    super();
  }

  listen(callback: (error?: unknown) => void): void {
    this.start().then(
      () => callback(),
      (error: unknown) => callback(error),
    );
  }

  private async start(): Promise<void> {
    for (const [pattern, handler] of this.messageHandlers) {
      const contract = messageContract(pattern);
      if (contract?.kind === 'request') {
        this.subscriptions.push(
          serveRequests(this.nats, this.options.logger, pattern, contract.payload, (payload) =>
            this.invoke(handler, payload),
          ),
        );
        continue;
      }
      const definition = (Object.values(Consumers) as ConsumerDefinition[]).find((c) => c.durableName === pattern);
      if (!definition) throw new Error(`pattern "${pattern}" is neither a request subject nor a consumer`);
      const runner = new DurableConsumerRunner(this.nats, this.publisher, this.options.logger, {
        definition,
        handler: async (payload, context) => {
          await this.invoke(handler, payload, context);
        },
        concurrency: this.options.concurrency[pattern] ?? 1,
        retryDelaysMs: this.options.retryDelaysMs?.[pattern],
      });
      await runner.start();
      this.runners.push(runner);
    }
  }

  private async invoke(handler: MessageHandler, payload: unknown, context?: JetStreamMessageContext): Promise<unknown> {
    const result: unknown = await handler(payload, context);
    return lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
  }

  /** Stops taking work and waits for in-flight messages; safe to call again (Nest calls it on close). */
  async close(): Promise<void> {
    for (const subscription of this.subscriptions.splice(0)) subscription.unsubscribe();
    await Promise.all(this.runners.splice(0).map((runner) => runner.stop(this.options.shutdownGraceMs)));
  }

  on(): never {
    throw new Error('JetStreamTransport emits no events');
  }

  unwrap<T>(): T {
    return this.nats.connection as T;
  }
}

/** Attaches the JetStream transport to a Nest application (a hybrid app keeps its HTTP server for health). */
export function connectJetStreamTransport(
  app: INestApplication,
  options: JetStreamTransportOptions,
): JetStreamTransport {
  const transport = new JetStreamTransport(app.get(NatsClient), app.get(JetStreamPublisher), options);
  app.connectMicroservice({ strategy: transport });
  return transport;
}
