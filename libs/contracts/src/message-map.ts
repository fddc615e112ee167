import {
  ApiKeyVerifyRequest,
  type ApiKeyVerifyReply,
  TeamWebhookSecretRequest,
  type TeamWebhookSecretReply,
  UsageBatchRecordedEvent,
  UsageRecordedEvent,
} from './payloads/billing';
import {
  ActiveCrawlsRequest,
  type ActiveCrawlsReply,
  type CreateCrawlJobReply,
  CreateCrawlJobRequest,
  type CrawlJobCancelReply,
  type CrawlJobErrorsReply,
  CrawlJobRef,
  type CrawlJobStatusReply,
  CrawlJobStatusRequest,
  FetchResourceRequest,
  type FetchResourceReply,
  WebhookDeliveryCommand,
} from './payloads/crawl-job';
import {
  BrowserProfileDeleteRequest,
  BrowserReplicaHeartbeat,
  type BrowserSessionAuthorizeReply,
  BrowserSessionAuthorizeRequest,
  type BrowserSessionCreateReply,
  BrowserSessionCreateRequest,
  BrowserSessionListRequest,
  BrowserSessionRef,
  type BrowserSessionStopReply,
  type BrowserSessionView,
} from './payloads/browser-session';
import { DeadLetterRecord } from './payloads/dead-letter';
import { type ScrapeCacheReadReply, ScrapeJobCommand, ScrapeJobFinishedEvent } from './payloads/scrape-job';
import { Subjects } from './subjects';

/** JetStream subjects and the payload class each carries: publishing the wrong payload does not compile. */
export const StreamPayloads = {
  [Subjects.scrapeJobRun]: ScrapeJobCommand,
  [Subjects.scrapeJobFinished]: ScrapeJobFinishedEvent,
  [Subjects.usageRecorded]: UsageRecordedEvent,
  [Subjects.usageBatchRecorded]: UsageBatchRecordedEvent,
  [Subjects.messageDeadLettered]: DeadLetterRecord,
  [Subjects.webhookDeliver]: WebhookDeliveryCommand,
} as const;
export type StreamSubject = keyof typeof StreamPayloads;
export type StreamPayload<S extends StreamSubject> = InstanceType<(typeof StreamPayloads)[S]>;

/** Request/reply subjects with their request class and reply type. */
export const RequestPayloads = {
  [Subjects.apiKeyVerify]: ApiKeyVerifyRequest,
  [Subjects.scrapeCacheRead]: ScrapeJobCommand,
  [Subjects.teamWebhookSecret]: TeamWebhookSecretRequest,
  [Subjects.resourceFetch]: FetchResourceRequest,
  [Subjects.crawlJobCreate]: CreateCrawlJobRequest,
  [Subjects.crawlJobStatus]: CrawlJobStatusRequest,
  [Subjects.crawlJobCancel]: CrawlJobRef,
  [Subjects.crawlJobErrors]: CrawlJobRef,
  [Subjects.crawlJobsActive]: ActiveCrawlsRequest,

  // Browser sessions
  [Subjects.browserSessionCreate]: BrowserSessionCreateRequest,
  [Subjects.browserSessionStop]: BrowserSessionRef,
  [Subjects.browserSessionGet]: BrowserSessionRef,
  [Subjects.browserSessionList]: BrowserSessionListRequest,
  [Subjects.browserSessionAuthorize]: BrowserSessionAuthorizeRequest,
  [Subjects.browserProfileDelete]: BrowserProfileDeleteRequest,
  [Subjects.browserReplicaHeartbeat]: BrowserReplicaHeartbeat,
} as const;
export interface RequestReplies {
  [Subjects.apiKeyVerify]: ApiKeyVerifyReply;
  [Subjects.scrapeCacheRead]: ScrapeCacheReadReply;
  [Subjects.teamWebhookSecret]: TeamWebhookSecretReply;
  [Subjects.resourceFetch]: FetchResourceReply;
  [Subjects.crawlJobCreate]: CreateCrawlJobReply;
  [Subjects.crawlJobStatus]: CrawlJobStatusReply;
  [Subjects.crawlJobCancel]: CrawlJobCancelReply;
  [Subjects.crawlJobErrors]: CrawlJobErrorsReply;
  [Subjects.crawlJobsActive]: ActiveCrawlsReply;

  // Browser sessions
  [Subjects.browserSessionCreate]: BrowserSessionCreateReply;
  [Subjects.browserSessionStop]: BrowserSessionStopReply;
  [Subjects.browserSessionGet]: BrowserSessionView;
  [Subjects.browserSessionList]: { sessions: BrowserSessionView[] };
  [Subjects.browserSessionAuthorize]: BrowserSessionAuthorizeReply;
  [Subjects.browserProfileDelete]: { deleted: boolean };
  [Subjects.browserReplicaHeartbeat]: { accepted: true };
}
export type RequestSubject = keyof typeof RequestPayloads;
export type RequestPayload<S extends RequestSubject> = InstanceType<(typeof RequestPayloads)[S]>;
export type RequestReply<S extends RequestSubject> = RequestReplies[S];
