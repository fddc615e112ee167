import { Module } from '@nestjs/common';
import { OffloadedPayloads } from './offloaded-payloads';

/** Payloads too large for one message, in the NATS object store; goes once the messaging library handles them. */
@Module({ providers: [OffloadedPayloads], exports: [OffloadedPayloads] })
export class OffloadModule {}
