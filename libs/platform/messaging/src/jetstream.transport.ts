import type { INestApplication } from '@nestjs/common';
import { Catch, type RpcExceptionFilter, UseFilters } from '@nestjs/common';
import { type CustomTransportStrategy, type MessageHandler, Server } from '@nestjs/microservices';
import type { Subscription } from 'nats';
import { lastValueFrom, type Observable, throwError } from 'rxjs';
import { type ConsumerDefinition, Consumers, RequestPayloads, type StreamSubject, StreamPayloads } from '@wh/contracts';
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
  shutdownGraceMs: number;
}

function payloadClassFor(filterSubject: string): new () => object {
  const subject = (Object.keys(StreamPayloads) as StreamSubject[]).find(
    (candidate) => filterSubject === candidate || filterSubject.startsWith(`${candidate}.`),
  );
  if (!subject) throw new Error(`no payload contract for ${filterSubject}`);
  return StreamPayloads[subject];
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
 * A Nest transport over NATS: `@MessagePattern(<request subject>)` handlers answer through the service's
 * queue group; `@EventPattern(<durable consumer name>)` handlers run on a JetStream pull consumer with
 * bounded concurrency, acked only after the handler returned.
 */
export class JetStreamTransport extends Server implements CustomTransportStrategy {
  private readonly runners: DurableConsumerRunner<object>[] = [];
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
      if (pattern in RequestPayloads) {
        const payloadClass: new () => object = RequestPayloads[pattern as keyof typeof RequestPayloads];
        this.subscriptions.push(
          serveRequests(this.nats, this.options.logger, pattern, payloadClass, (payload) => this.invoke(handler, payload)),
        );
        continue;
      }
      const definition = (Object.values(Consumers) as ConsumerDefinition[]).find((c) => c.durableName === pattern);
      if (!definition) throw new Error(`pattern "${pattern}" is neither a request subject nor a consumer`);
      const runner = new DurableConsumerRunner(this.nats, this.publisher, this.options.logger, {
        definition,
        payloadClass: payloadClassFor(definition.filterSubject),
        handler: async (payload, context) => {
          await this.invoke(handler, payload, context);
        },
        concurrency: this.options.concurrency[pattern] ?? 1,
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
export function connectJetStreamTransport(app: INestApplication, options: JetStreamTransportOptions): JetStreamTransport {
  const transport = new JetStreamTransport(app.get(NatsClient), app.get(JetStreamPublisher), options);
  app.connectMicroservice({ strategy: transport });
  return transport;
}
