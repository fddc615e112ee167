import {
  ApiKeyRevokedEvent,
  ApiKeyVerifyRequest,
  type ApiKeyVerifyReply,
  CreditUsageHistoryRequest,
  CreditsBindRequest,
  CreditsReleaseRequest,
  type CreditsReserveReply,
  CreditsReserveRequest,
  type CreditUsageHistoryReply,
  TeamCreditsChangedEvent,
  type TeamCreditsReply,
  TeamCreditsRequest,
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
  type TeamQueueStatusReply,
  TeamQueueStatusRequest,
  WebhookDeliveryCommand,
} from './payloads/crawl-job';
import {
  BrowserProfileDeleteRequest,
  BrowserReplicaHeartbeat,
  BrowserReplicaLaunchCommand,
  BrowserReplicaStopCommand,
  type BrowserSessionAuthorizeReply,
  BrowserSessionAuthorizeRequest,
  type BrowserSessionCreateReply,
  BrowserSessionCreateRequest,
  BrowserSessionListRequest,
  BrowserSessionRef,
  type BrowserSessionStopReply,
  type BrowserSessionView,
} from './payloads/browser-session';
import { type BrandingRefineReply, BrandingRefineRequest } from './payloads/branding';
import { DeadLetterRecord } from './payloads/dead-letter';
import { type ExtractPageReply, ExtractPageRequest } from './payloads/extraction';
import { type PageLinksReply, PageLinksRequest, type SiteMapReply, SiteMapRequest } from './payloads/site-map';
import { type WebSearchReply, WebSearchRequest } from './payloads/web-search';
import {
  type ExtractJobCreateReply,
  ExtractJobCreateRequest,
  ExtractJobRef,
  ExtractJobRunCommand,
  type ExtractJobView,
} from './payloads/extract-job';
import { ParseFileRequest, type ParsedFileReply } from './payloads/parse-file';
import { type CrawlOptionsFromPromptReply, CrawlOptionsFromPromptRequest } from './payloads/crawl-prompt';
import { ScrapeJobCommand, ScrapeJobFinishedEvent } from './payloads/scrape-job';
import { Subjects } from './subjects';

type PayloadClass<P extends object> = new () => P;

/** A message stored in a JetStream stream (a command or an event): its payload class is validated on receipt. */
export interface StreamContract<P extends object> {
  readonly kind: 'stream';
  readonly payload: PayloadClass<P>;
}

/** A request answered through the owning service's queue group, with the type of its reply. */
export interface RequestContract<P extends object, R> {
  readonly kind: 'request';
  readonly payload: PayloadClass<P>;
  /** Type-level only: the reply's type travels here so that a request and its reply cannot drift apart. */
  readonly reply?: R;
}

/** A core-NATS announcement every replica hears (not stored). */
export interface BroadcastContract<P extends object> {
  readonly kind: 'broadcast';
  readonly payload: PayloadClass<P>;
}

const stream = <P extends object>(payload: PayloadClass<P>): StreamContract<P> => ({ kind: 'stream', payload });
const broadcast = <P extends object>(payload: PayloadClass<P>): BroadcastContract<P> => ({
  kind: 'broadcast',
  payload,
});
const request = <P extends object>(payload: PayloadClass<P>) => ({
  replies: <R>(): RequestContract<P, R> => ({ kind: 'request', payload }),
});

/**
 * Every message the services exchange, one entry each: the subject, what kind of message it is, its payload class
 * and, for a request, its reply type. Publishing, requesting or handling with the wrong payload or reply does not
 * compile, and the messaging library validates each payload against its class exactly once, on receipt.
 */
export const Messages = {
  [Subjects.scrapeJobRun]: stream(ScrapeJobCommand),
  [Subjects.scrapeJobFinished]: stream(ScrapeJobFinishedEvent),
  [Subjects.directScrapeJobRun]: stream(ScrapeJobCommand),
  [Subjects.directScrapeJobFinished]: stream(ScrapeJobFinishedEvent),
  [Subjects.usageRecorded]: stream(UsageRecordedEvent),
  [Subjects.usageBatchRecorded]: stream(UsageBatchRecordedEvent),
  [Subjects.messageDeadLettered]: stream(DeadLetterRecord),
  [Subjects.webhookDeliver]: stream(WebhookDeliveryCommand),

  [Subjects.apiKeyRevoked]: broadcast(ApiKeyRevokedEvent),
  [Subjects.creditsChanged]: broadcast(TeamCreditsChangedEvent),

  [Subjects.apiKeyVerify]: request(ApiKeyVerifyRequest).replies<ApiKeyVerifyReply>(),
  [Subjects.creditsCheck]: request(TeamCreditsRequest).replies<TeamCreditsReply>(),
  [Subjects.creditsReserve]: request(CreditsReserveRequest).replies<CreditsReserveReply>(),
  [Subjects.creditsBind]: request(CreditsBindRequest).replies<{ bound: boolean }>(),
  [Subjects.creditsRelease]: request(CreditsReleaseRequest).replies<{ released: boolean }>(),
  [Subjects.creditUsageHistory]: request(CreditUsageHistoryRequest).replies<CreditUsageHistoryReply>(),
  [Subjects.teamWebhookSecret]: request(TeamWebhookSecretRequest).replies<TeamWebhookSecretReply>(),
  [Subjects.resourceFetch]: request(FetchResourceRequest).replies<FetchResourceReply>(),
  [Subjects.crawlJobCreate]: request(CreateCrawlJobRequest).replies<CreateCrawlJobReply>(),
  [Subjects.crawlJobStatus]: request(CrawlJobStatusRequest).replies<CrawlJobStatusReply>(),
  [Subjects.crawlJobCancel]: request(CrawlJobRef).replies<CrawlJobCancelReply>(),
  [Subjects.crawlJobErrors]: request(CrawlJobRef).replies<CrawlJobErrorsReply>(),
  [Subjects.crawlJobsActive]: request(ActiveCrawlsRequest).replies<ActiveCrawlsReply>(),
  [Subjects.teamQueueStatus]: request(TeamQueueStatusRequest).replies<TeamQueueStatusReply>(),

  [Subjects.browserSessionCreate]: request(BrowserSessionCreateRequest).replies<BrowserSessionCreateReply>(),
  [Subjects.browserSessionStop]: request(BrowserSessionRef).replies<BrowserSessionStopReply>(),
  [Subjects.browserSessionGet]: request(BrowserSessionRef).replies<BrowserSessionView>(),
  [Subjects.browserSessionList]: request(BrowserSessionListRequest).replies<{ sessions: BrowserSessionView[] }>(),
  [Subjects.browserSessionAuthorize]: request(BrowserSessionAuthorizeRequest).replies<BrowserSessionAuthorizeReply>(),
  [Subjects.browserProfileDelete]: request(BrowserProfileDeleteRequest).replies<{ deleted: boolean }>(),
  [Subjects.browserReplicaHeartbeat]: request(BrowserReplicaHeartbeat).replies<{ accepted: true }>(),
  [Subjects.browserReplicaLaunch]: request(BrowserReplicaLaunchCommand).replies<void>(),
  [Subjects.browserReplicaStop]: request(BrowserReplicaStopCommand).replies<void>(),

  [Subjects.extractPageRun]: request(ExtractPageRequest).replies<ExtractPageReply>(),
  [Subjects.siteMap]: request(SiteMapRequest).replies<SiteMapReply>(),
  [Subjects.pageLinksFetch]: request(PageLinksRequest).replies<PageLinksReply>(),
  [Subjects.webSearch]: request(WebSearchRequest).replies<WebSearchReply>(),
  [Subjects.extractJobCreate]: request(ExtractJobCreateRequest).replies<ExtractJobCreateReply>(),
  [Subjects.extractJobStatus]: request(ExtractJobRef).replies<ExtractJobView>(),
  [Subjects.extractJobRun]: stream(ExtractJobRunCommand),
  [Subjects.parseFile]: request(ParseFileRequest).replies<ParsedFileReply>(),
  [Subjects.crawlOptionsFromPrompt]: request(CrawlOptionsFromPromptRequest).replies<CrawlOptionsFromPromptReply>(),
  [Subjects.brandingRefine]: request(BrandingRefineRequest).replies<BrandingRefineReply>(),
} as const;

type MessageMap = typeof Messages;
type SubjectsOfKind<K> = { [S in keyof MessageMap]: MessageMap[S] extends { kind: K } ? S : never }[keyof MessageMap];
type PayloadOf<C> = C extends { payload: PayloadClass<infer P> } ? P : never;

export type StreamSubject = SubjectsOfKind<'stream'>;
export type StreamPayload<S extends StreamSubject> = PayloadOf<MessageMap[S]>;
export type RequestSubject = SubjectsOfKind<'request'>;
export type RequestPayload<S extends RequestSubject> = PayloadOf<MessageMap[S]>;
export type RequestReply<S extends RequestSubject> = MessageMap[S] extends RequestContract<object, infer R> ? R : never;
export type BroadcastSubject = SubjectsOfKind<'broadcast'>;
export type BroadcastPayload<S extends BroadcastSubject> = PayloadOf<MessageMap[S]>;

/** The contract of a subject, or undefined when the string is none of ours. */
export function messageContract(
  subject: string,
): StreamContract<object> | RequestContract<object, unknown> | BroadcastContract<object> | undefined {
  return Object.prototype.hasOwnProperty.call(Messages, subject) ? Messages[subject as keyof MessageMap] : undefined;
}
