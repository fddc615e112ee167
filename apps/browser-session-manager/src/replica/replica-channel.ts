import { Inject, Injectable } from '@nestjs/common';
import type { Subscription } from 'nats';
import {
  BrowserReplicaLaunchCommand,
  BrowserReplicaStopCommand,
  ErrorCode,
  type RequestPayload,
  Subjects,
} from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { NatsClient, NatsRequester, serveRequests } from '@wh/platform/messaging';

const COMMANDS = {
  launch: { subject: Subjects.browserReplicaLaunch, payload: BrowserReplicaLaunchCommand },
  stop: { subject: Subjects.browserReplicaStop, payload: BrowserReplicaStopCommand },
} as const;
type Command = keyof typeof COMMANDS;
type CommandPayload<C extends Command> = RequestPayload<(typeof COMMANDS)[C]['subject']>;

/**
 * Commands addressed to one replica (the subject ends with the replica id, so no queue group): placement asks
 * the chosen replica to start a browser, and stop requests reach the replica that holds the session.
 */
@Injectable()
export class ReplicaChannel {
  constructor(
    @Inject(NatsClient) private readonly nats: NatsClient,
    @Inject(NatsRequester) private readonly requester: NatsRequester,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async call<C extends Command>(
    replicaId: string,
    command: C,
    payload: CommandPayload<C>,
    timeoutMs: number,
  ): Promise<void> {
    try {
      await this.requester.request(COMMANDS[command].subject, payload, timeoutMs, { addressedTo: replicaId });
    } catch (error) {
      if (error instanceof DomainError && !error.retryable) throw error;
      throw new DomainError(
        ErrorCode.ServiceUnavailable,
        `browser replica ${replicaId} did not answer ${command}: ${String(error)}`,
        undefined,
        true,
      );
    }
  }

  serve<C extends Command>(
    replicaId: string,
    command: C,
    handler: (payload: CommandPayload<C>) => Promise<void>,
  ): Subscription {
    const { subject, payload } = COMMANDS[command];
    return serveRequests(this.nats, this.logger, subject, payload as new () => CommandPayload<C>, handler, {
      addressedTo: replicaId,
    });
  }
}
