import { randomUUID } from 'node:crypto';
import type { UsageRecordedEvent } from '@wh/contracts';

/** The `billing.usage.recorded` event of one scrape of `teamId`: a fresh event and job id, one credit, now. */
export function usageRecordedEvent(teamId: string, overrides: Partial<UsageRecordedEvent> = {}): UsageRecordedEvent {
  return {
    eventId: randomUUID(),
    teamId,
    kind: 'scrape',
    jobId: randomUUID(),
    credits: 1,
    occurredAt: new Date().toISOString(),
    ...overrides,
  };
}
