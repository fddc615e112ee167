import { Inject, Injectable } from '@nestjs/common';
import { NatsClient } from './nats-client';

/** Ready while the NATS connection is up. */
@Injectable()
export class NatsReadinessCheck {
  readonly name = 'nats';

  constructor(@Inject(NatsClient) private readonly nats: NatsClient) {}

  async isReady(): Promise<boolean> {
    return this.nats.isConnected;
  }
}
