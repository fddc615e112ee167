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
} as const;

export type ScrapeOrigin = 'direct' | 'scheduled';

/** Subject on which the completion of one scrape job is announced. */
export function scrapeJobFinishedSubject(origin: ScrapeOrigin, jobId: string): string {
  return `${Subjects.scrapeJobFinished}.${origin}.${jobId}`;
}
