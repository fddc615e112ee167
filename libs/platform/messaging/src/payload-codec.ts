import { randomUUID } from 'node:crypto';
import { type JetStreamClient, type MsgHdrs, nanos, type ObjectStore, StorageType } from 'nats';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ErrorCode, LargePayloadBucket, PAYLOAD_OBJECT_HEADER } from '@wh/contracts';
import { DomainError, describeValidationErrors } from '@wh/platform/errors';
import { compiledDecode } from './compiled-payload';
import { encodeDetachingText, parseDetachedText } from './detached-text';
import type { Namespace } from './namespace';

const encoder = new TextEncoder();

/** Room left in a message for its headers when deciding whether a body still fits. */
const HEADER_ALLOWANCE_BYTES = 4 * 1024;

/** What the codec reads of a received message: core NATS messages, JetStream messages and stored ones all have it. */
export interface ReceivedMessage {
  data: Uint8Array;
  headers?: MsgHdrs;
}

export function encodeJson(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}

/**
 * Turns payloads into message bodies and back. A body larger than one NATS message goes to the JetStream object store
 * and the message carries its name in a header; on receipt the body is read back from there, so no handler knows
 * how a payload travelled. Every received payload is validated against its contract class here, once.
 */
export class PayloadCodec {
  private store: Promise<ObjectStore> | undefined;

  constructor(
    private readonly jetstream: JetStreamClient,
    private readonly namespace: Namespace,
    private readonly maxPayloadBytes: () => number,
    private readonly replicas = 1,
  ) {}

  /**
   * The body to send, its long top-level texts detached behind its JSON (with their header on `headers`); sets the
   * object header on `headers` when the body went to the object store.
   */
  async encode(payload: unknown, headers: MsgHdrs): Promise<Uint8Array> {
    const body = encodeDetachingText(payload, headers);
    if (body.byteLength <= this.maxPayloadBytes() - HEADER_ALLOWANCE_BYTES) return body;
    const name = randomUUID();
    await (await this.objects()).putBlob({ name }, body);
    headers.set(PAYLOAD_OBJECT_HEADER, name);
    return new Uint8Array(0);
  }

  /**
   * The payload as an instance of its contract class. A body that is not JSON or breaks the contract is poison:
   * retrying cannot fix it, so the error is not retryable.
   */
  async decode<T extends object>(payloadClass: new () => T, message: ReceivedMessage): Promise<T> {
    const plain = await this.decodeJson(message);
    if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
      throw new DomainError(ErrorCode.BadRequest, 'message body is not a JSON object');
    }
    const compiled = compiledDecode(payloadClass, plain);
    if (compiled) return compiled;
    const instance = plainToInstance(payloadClass, plain);
    const errors = await validate(instance);
    if (errors.length > 0) {
      throw new DomainError(ErrorCode.BadRequest, `invalid ${payloadClass.name}: ${describeValidationErrors(errors)}`);
    }
    return instance;
  }

  /** The parsed body, for replies whose type is fixed by the request contract rather than a class. */
  async decodeJson(message: ReceivedMessage): Promise<unknown> {
    const body = await this.body(message);
    try {
      return parseDetachedText(body, message.headers);
    } catch {
      throw new DomainError(ErrorCode.BadRequest, 'message body is not JSON');
    }
  }

  /** Whether the message's body travelled through the object store. */
  isStoredElsewhere(message: Pick<ReceivedMessage, 'headers'>): boolean {
    return message.headers?.has(PAYLOAD_OBJECT_HEADER) ?? false;
  }

  /**
   * Deletes the stored body of a message once its reader is done with it. Best effort: an entry left behind expires
   * with the bucket's TTL.
   */
  async release(message: Pick<ReceivedMessage, 'headers'>): Promise<void> {
    const name = message.headers?.get(PAYLOAD_OBJECT_HEADER);
    if (!name) return;
    try {
      await (await this.objects()).delete(name);
    } catch {
      // Gone already (a redelivered copy was read twice) or the store is unreachable: the TTL ends it.
    }
  }

  private async body(message: ReceivedMessage): Promise<Uint8Array> {
    const name = message.headers?.get(PAYLOAD_OBJECT_HEADER);
    if (!name) return message.data;
    let stored: Uint8Array | null;
    try {
      stored = await (await this.objects()).getBlob(name);
    } catch (error) {
      throw new DomainError(
        ErrorCode.ServiceUnavailable,
        `stored message body unreadable: ${String(error)}`,
        undefined,
        true,
      );
    }
    if (!stored) throw new DomainError(ErrorCode.Internal, 'stored message body expired before it was read');
    return stored;
  }

  private objects(): Promise<ObjectStore> {
    if (!this.store) {
      const opening = this.jetstream.views.os(this.namespace.bucket(LargePayloadBucket.name), {
        ttl: nanos(LargePayloadBucket.ttlMs),
        storage: StorageType.File,
        replicas: this.replicas,
      });
      // A failed open (server briefly away) must not stick: the next message tries again.
      opening.catch(() => {
        if (this.store === opening) this.store = undefined;
      });
      this.store = opening;
    }
    return this.store;
  }
}
