import { randomBytes } from 'node:crypto';
import { NatsClient } from '@wh/platform/messaging';
import { sharedInfrastructure } from './stack-env';

/** A connection to the suite's NATS server in a namespace of its own, so streams made by one test touch no other. */
export function connectInFreshNamespace(serviceName: string): Promise<NatsClient> {
  return NatsClient.connect({
    servers: sharedInfrastructure().natsUrl,
    namespace: `t_${randomBytes(4).toString('hex')}`,
    serviceName,
  });
}
