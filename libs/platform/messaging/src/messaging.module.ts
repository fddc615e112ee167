import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { ConsumerDefinition, StreamDefinition } from '@wh/contracts';
import type { ServiceConfig } from '@wh/platform/config';
import { JetStreamPublisher } from './jetstream-publisher';
import { NatsClient } from './nats-client';
import { NatsRequester } from './request-reply';

export interface MessagingModuleOptions {
  serviceName: string;
  /** The service's config class (a ServiceConfig), provided by ConfigModule. */
  configClass: new () => ServiceConfig;
  /**
   * Streams this service publishes to or consumes from; provisioned idempotently at start. A function reads
   * settings of the stream (a memory stream's size) from the service's config, an instance of `configClass`.
   */
  streams: readonly StreamDefinition[] | ((config: ServiceConfig) => readonly StreamDefinition[]);
  /** Durable consumers this service pulls from. */
  consumers: readonly ConsumerDefinition[];
}

@Injectable()
class NatsLifecycle implements OnApplicationShutdown {
  constructor(@Inject(NatsClient) private readonly nats: NatsClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.nats.close();
  }
}

@Module({})
export class MessagingModule {
  static forRoot(options: MessagingModuleOptions): DynamicModule {
    const providers = [
      {
        provide: NatsClient,
        inject: [options.configClass],
        useFactory: async (config: ServiceConfig) => {
          const nats = await NatsClient.connect({
            servers: config.NATS_URL,
            namespace: config.WH_NAMESPACE,
            replicas: config.NATS_REPLICAS,
            serviceName: options.serviceName,
          });
          const streams = typeof options.streams === 'function' ? options.streams(config) : options.streams;
          for (const stream of streams) await nats.ensureStream(stream);
          for (const consumer of options.consumers) await nats.ensureConsumer(consumer);
          return nats;
        },
      },
      {
        provide: JetStreamPublisher,
        inject: [NatsClient],
        useFactory: (nats: NatsClient) => new JetStreamPublisher(nats),
      },
      { provide: NatsRequester, inject: [NatsClient], useFactory: (nats: NatsClient) => new NatsRequester(nats) },
      NatsLifecycle,
    ];
    return {
      module: MessagingModule,
      global: true,
      providers,
      exports: [NatsClient, JetStreamPublisher, NatsRequester],
    };
  }
}
