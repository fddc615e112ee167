import { Subjects, type ScrapeJobCommand } from '@wh/contracts';
import type { JetStreamPublisher } from '@wh/platform/messaging';

/**
 * Records the credits of a direct scrape. Idempotent per job: the cache read and the job itself may both bill the
 * same scrape (a reply too large to send goes the job's way), and billing keeps one charge per event id.
 */
export async function billDirectScrape(publisher: JetStreamPublisher, job: ScrapeJobCommand, credits: number): Promise<void> {
  await publisher.publish(
    Subjects.usageRecorded,
    { eventId: `scrape:${job.jobId}`, teamId: job.teamId, kind: 'scrape', jobId: job.jobId, credits, occurredAt: new Date().toISOString() },
    { msgId: `usage:scrape:${job.jobId}` },
  );
}
