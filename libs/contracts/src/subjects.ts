/**
 * Every NATS subject the services use, relative to the deployment namespace (see `namespaced` in the
 * messaging library). Events are `<domain>.<entity>.<past-tense>`, commands `<domain>.<entity>.<verb>`.
 */
export const Subjects = {
  /** Command: run one page scrape. Work queue shared by direct, batch and crawl scrapes. */
  scrapeJobRun: 'scrape.job.run',
  /** Event prefix: a scrape job ended. Full subject: `scrape.job.finished.<origin>.<jobId>`. */
  scrapeJobFinished: 'scrape.job.finished',
  /** Event: credits were consumed by a team. */
  usageRecorded: 'billing.usage.recorded',
  /** Event: a message exhausted its deliveries or was poison. */
  messageDeadLettered: 'platform.message.deadlettered',
  /** Request/reply: resolve an API key hash to its team. */
  apiKeyVerify: 'billing.apikey.verify',

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
  /** Command: deliver one webhook event (retried with backoff). */
  webhookDeliver: 'crawl.webhook.deliver',
} as const;

export type ScrapeOrigin = 'direct' | 'scheduled';

/** Subject on which the completion of one scrape job is announced. */
export function scrapeJobFinishedSubject(origin: ScrapeOrigin, jobId: string): string {
  return `${Subjects.scrapeJobFinished}.${origin}.${jobId}`;
}
