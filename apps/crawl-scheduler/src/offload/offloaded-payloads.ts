import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type CrawlJobStatusReply,
  type CreateCrawlJobRequest,
  ErrorCode,
  type FetchResourceReply,
  type ScrapeDocument,
  type ScrapeJobFinishedEvent,
} from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { decodeJson, LargeObjectStore, NatsClient } from '@wh/platform/messaging';

/** Room in a reply for the fields around the documents. */
const REPLY_OVERHEAD_BYTES = 8_192;

/**
 * Every payload the scheduler reads from, or puts in, the NATS object store because it was too large for one
 * message. The messaging library is taking this over; once it does, this file and its module go, and each caller
 * reads or sets the field itself (`event.document`, `request.urls`, `reply.data`, `reply.bodyBase64`).
 */
@Injectable()
export class OffloadedPayloads {
  constructor(
    @Inject(LargeObjectStore) private readonly largeObjects: LargeObjectStore,
    @Inject(NatsClient) private readonly nats: NatsClient,
  ) {}

  /** A page result's document, sent inline or under `documentObject`. */
  async documentOf(event: ScrapeJobFinishedEvent): Promise<ScrapeDocument | undefined> {
    if (event.document) return event.document;
    if (!event.documentObject) return undefined;
    const body = await this.largeObjects.get(event.documentObject);
    if (!body) return undefined;
    return decodeJson<ScrapeDocument>(body);
  }

  /** Deletes the documents of results whose batch committed (a redelivery before that still finds them). */
  async discardDocuments(events: readonly ScrapeJobFinishedEvent[]): Promise<void> {
    const names = events.flatMap((event) => (event.documentObject ? [event.documentObject] : []));
    await Promise.all(names.map((name) => this.largeObjects.delete(name)));
  }

  /** A batch's URLs, sent inline or under `urlsObject` (read once, then deleted). */
  async batchUrls(request: CreateCrawlJobRequest): Promise<string[]> {
    if (request.urls) return request.urls;
    if (!request.urlsObject) return [];
    const body = await this.largeObjects.get(request.urlsObject);
    await this.largeObjects.delete(request.urlsObject);
    if (!body) throw new DomainError(ErrorCode.ServiceUnavailable, 'the batch URL list expired before it was read', undefined, true);
    return decodeJson<string[]>(body);
  }

  /** A status reply with its documents (`data`, a JSON array) inline, or under `dataObject` when they would not fit. */
  async withStatusData(reply: CrawlJobStatusReply, data: string): Promise<CrawlJobStatusReply> {
    if (Buffer.byteLength(data) + REPLY_OVERHEAD_BYTES < this.nats.maxPayloadBytes) {
      return { ...reply, data: JSON.parse(data) as CrawlJobStatusReply['data'] };
    }
    const dataObject = `status-${randomUUID()}`;
    await this.largeObjects.put(dataObject, Buffer.from(data));
    return { ...reply, dataObject };
  }

  /** A fetched resource's body, sent inline (base64) or under `bodyObject` (read once, then deleted). */
  async resourceBody(reply: Pick<FetchResourceReply, 'bodyBase64' | 'bodyObject'>): Promise<Buffer> {
    if (reply.bodyBase64 !== undefined) return Buffer.from(reply.bodyBase64, 'base64');
    if (!reply.bodyObject) return Buffer.alloc(0);
    const stored = await this.largeObjects.get(reply.bodyObject);
    await this.largeObjects.delete(reply.bodyObject);
    return Buffer.from(stored ?? new Uint8Array());
  }
}
