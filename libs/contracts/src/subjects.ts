/**
 * Every NATS subject the services use, relative to the deployment namespace (see `namespaced` in the
 * messaging library). Events are `<domain>.<entity>.<past-tense>`, commands `<domain>.<entity>.<verb>`.
 */
export const Subjects = {
  /** Command: run one page scrape of a crawl, a batch or an extract job (work queue on file). */
  scrapeJobRun: 'scrape.job.run',
  /** Event prefix: a scrape job of `scrapeJobRun` ended. Full subject: `scrape.job.finished.<origin>.<jobId>`. */
  scrapeJobFinished: 'scrape.job.finished',
  /** Command: run one direct scrape, whose requester waits for it (work queue in memory). */
  directScrapeJobRun: 'scrape.direct-job.run',
  /** Event prefix: a direct scrape ended. Full subject: `scrape.direct-job.finished.<resultRoute>.<jobId>`. */
  directScrapeJobFinished: 'scrape.direct-job.finished',
  /** Event: credits were consumed by a team. */
  usageRecorded: 'billing.usage.recorded',
  /** Event: credits of many pages at once (a crawl's batch of kept pages), each charge idempotent by its own id. */
  usageBatchRecorded: 'billing.usage-batch.recorded',
  /** Event: a message exhausted its deliveries or was poison. */
  messageDeadLettered: 'platform.message.deadlettered',
  /** Request/reply: resolve an API key hash to its team. */
  apiKeyVerify: 'billing.apikey.verify',
  /** Broadcast (core NATS, every gateway replica hears it): a key was revoked; drop it from verified-key caches. */
  apiKeyRevoked: 'billing.apikey.revoked',

  /** Request/reply: a team's plan and balance in its current period (the gateway's credit check, cached briefly). */
  creditsCheck: 'billing.credits.check',
  /** Broadcast: charges or grants of a team were committed; gateways drop the team's cached balance. */
  creditsChanged: 'billing.credits.changed',
  /** Request/reply: set credits aside for a crawl or batch (what two concurrent jobs may use never adds up past the balance). */
  creditsReserve: 'billing.credits.reserve',
  /** Request/reply: tie a reservation to its job, whose charges then draw it down. */
  creditsBind: 'billing.credits.bind',
  /** Request/reply: a job ended; its unused reservation is freed. */
  creditsRelease: 'billing.credits.release',
  /** Request/reply: credits charged per billing period, optionally per API key. */
  creditUsageHistory: 'billing.team.credit-usage.historical',

  /** Request/reply: the secret a team's webhooks are signed with. */
  teamWebhookSecret: 'billing.team.webhook-secret',
  /** Request/reply: fetch a robots.txt or sitemap through a worker's target guard. */
  resourceFetch: 'scrape.resource.fetch',
  /** Request/reply: create a crawl or batch scrape job. */
  crawlJobCreate: 'crawl.job.create',
  /** Request/reply: one page of a job's status and documents. */
  crawlJobStatus: 'crawl.job.status',
  /** Request/reply: cancel a job. */
  crawlJobCancel: 'crawl.job.cancel',
  /** Request/reply: a job's failed and robots-blocked pages. */
  crawlJobErrors: 'crawl.job.errors',
  /** Request/reply: a team's running crawls. */
  crawlJobsActive: 'crawl.job.active',
  /** Request/reply: how many of a team's pages are being scraped and how many wait (GET /v2/team/queue-status). */
  teamQueueStatus: 'crawl.team.queue-status',
  /** Command: deliver one webhook event (retried with backoff). */
  webhookDeliver: 'crawl.webhook.deliver',
  // Browser sessions (browser-session-manager). Requests go to any replica through the service's queue group.
  /** Request/reply: place and start a browser session. */
  browserSessionCreate: 'browser.session.create',
  /** Request/reply: end a session (idempotent) and report its duration. */
  browserSessionStop: 'browser.session.stop',
  /** Request/reply: one session of a team. */
  browserSessionGet: 'browser.session.get',
  /** Request/reply: a team's sessions. */
  browserSessionList: 'browser.session.list',
  /** Request/reply: which access a token hash grants to a session, and the replica endpoint holding it. */
  browserSessionAuthorize: 'browser.session.authorize',
  /** Request/reply: delete a team's saved browser profile. */
  browserProfileDelete: 'browser.profile.delete',
  /** Request/reply: a replica's heartbeat with its endpoint and free capacity. */
  browserReplicaHeartbeat: 'browser.replica.heartbeat',
  /** Request/reply addressed to one replica (`browser.replica.launch.<replicaId>`): start a placed session. */
  browserReplicaLaunch: 'browser.replica.launch',
  /** Request/reply addressed to one replica (`browser.replica.stop.<replicaId>`): end a session it holds. */
  browserReplicaStop: 'browser.replica.stop',
  // Extraction (extract-service): every LLM call of the platform is made there.
  /** Request/reply: the `json` and `summary` formats of one page. */
  extractPageRun: 'extract.page.run',
  /** Request/reply: the model's pass over a page's sampled branding (colour roles, font names, logo, personality). */
  brandingRefine: 'extract.branding.refine',
  /** Request/reply: every URL of a site, found by the crawl's discovery (crawl-scheduler; POST /v2/map, extract's `/*`). */
  siteMap: 'crawl.site.map',
  /** Request/reply: a page's links, title and description, fetched through a worker's target guard (a map's start page). */
  pageLinksFetch: 'scrape.page-links.fetch',
  /** Request/reply: one query to the configured web search backend (extract-service; POST /v2/search, extract). */
  webSearch: 'search.web.query',
  /** Request/reply: start a POST /v2/extract job (extract-service). */
  extractJobCreate: 'extract.job.create',
  /** Request/reply: one extract job of a team, GET /v2/extract/{id}. */
  extractJobStatus: 'extract.job.status',
  /** Command: run (or resume) one extract job. Work queue of extract-service. */
  extractJobRun: 'extract.job.run',
  /** Request/reply: turn one uploaded file (in the object store) into a document (scrape-worker; POST /v2/parse). */
  parseFile: 'scrape.file.parse',
  /** Request/reply: crawl options from a crawl's natural-language `prompt` (extract-service; POST /v2/crawl). */
  crawlOptionsFromPrompt: 'extract.crawl-options.generate',
} as const;

/**
 * Who waits for a scrape: a direct request (billed by the worker), a crawl or batch page (billed by its job when
 * kept), or a page an extract job reads (billed by that job, in tokens).
 */
export type ScrapeOrigin = 'direct' | 'scheduled' | 'extract';

/** The work queue a scrape of this origin is submitted to: direct scrapes have one of their own, in memory. */
export function scrapeJobRunSubject(
  origin: ScrapeOrigin,
): typeof Subjects.scrapeJobRun | typeof Subjects.directScrapeJobRun {
  return origin === 'direct' ? Subjects.directScrapeJobRun : Subjects.scrapeJobRun;
}

/** Where the end of one scrape job is announced: a contract subject and the tokens that follow it. */
export interface ScrapeJobFinishedAnnouncement {
  readonly subject: typeof Subjects.scrapeJobFinished | typeof Subjects.directScrapeJobFinished;
  /**
   * `<resultRoute>.<jobId>` for a direct scrape, `<origin>.<resultRoute>.<jobId>` for the others; without the route
   * when the job gave none. A process waiting on its route is then the only one to hear the announcement.
   */
  readonly suffix: string;
}

/** The announcement of the end of one scrape job, on the results stream of its origin. */
export function scrapeJobFinishedAnnouncement(
  origin: ScrapeOrigin,
  jobId: string,
  resultRoute?: string,
): ScrapeJobFinishedAnnouncement {
  const tokens = [...(resultRoute ? [resultRoute] : []), jobId];
  return origin === 'direct'
    ? { subject: Subjects.directScrapeJobFinished, suffix: tokens.join('.') }
    : { subject: Subjects.scrapeJobFinished, suffix: [origin, ...tokens].join('.') };
}

/** Subject (without the namespace) on which the completion of one scrape job is announced. */
export function scrapeJobFinishedSubject(origin: ScrapeOrigin, jobId: string, resultRoute?: string): string {
  const { subject, suffix } = scrapeJobFinishedAnnouncement(origin, jobId, resultRoute);
  return `${subject}.${suffix}`;
}
