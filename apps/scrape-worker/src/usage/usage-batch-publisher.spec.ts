import { Subjects, type UsageRecordedEvent } from '@wh/contracts';
import type { JetStreamPublisher, PublishOptions } from '@wh/platform/messaging';
import { UsageBatchPublisher } from './usage-batch-publisher';

function charge(jobId: string): UsageRecordedEvent {
  return {
    eventId: `scrape:${jobId}`,
    teamId: 'team',
    kind: 'scrape',
    jobId,
    credits: 1,
    occurredAt: '2026-11-28T03:00:00.000Z',
  };
}

interface Sent {
  subject: string;
  charges: UsageRecordedEvent[];
  msgId: string;
}

function recordingPublisher(failWith?: Error): { publish: JetStreamPublisher['publish']; sent: Sent[] } {
  const sent: Sent[] = [];
  const publish = (subject: string, payload: unknown, options: PublishOptions): Promise<void> => {
    if (failWith) return Promise.reject(failWith);
    sent.push({ subject, charges: (payload as { charges: UsageRecordedEvent[] }).charges, msgId: options.msgId });
    return Promise.resolve();
  };
  return { publish, sent };
}

describe('UsageBatchPublisher', () => {
  it('sends the charges recorded within the window as one batch, and resolves each caller once it is sent', async () => {
    const { publish, sent } = recordingPublisher();
    const usage = new UsageBatchPublisher({ publish }, { windowMs: 20, maxCharges: 64 });

    await Promise.all([usage.record(charge('a')), usage.record(charge('b')), usage.record(charge('c'))]);

    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe(Subjects.usageBatchRecorded);
    expect(sent[0]?.charges.map((sentCharge) => sentCharge.eventId)).toEqual(['scrape:a', 'scrape:b', 'scrape:c']);
  });

  it('sends a full batch at once and starts the next', async () => {
    const { publish, sent } = recordingPublisher();
    const usage = new UsageBatchPublisher({ publish }, { windowMs: 60_000, maxCharges: 2 });

    await Promise.all([usage.record(charge('a')), usage.record(charge('b'))]);

    expect(sent.map((batch) => batch.charges.length)).toEqual([2]);
  });

  it('gives the same charges the same message id whatever their order, and other charges another', async () => {
    const { publish, sent } = recordingPublisher();
    const usage = new UsageBatchPublisher({ publish }, { windowMs: 1, maxCharges: 2 });

    await Promise.all([usage.record(charge('a')), usage.record(charge('b'))]);
    await Promise.all([usage.record(charge('b')), usage.record(charge('a'))]);
    await Promise.all([usage.record(charge('a')), usage.record(charge('c'))]);

    expect(sent[0]?.msgId).toBe(sent[1]?.msgId);
    expect(sent[2]?.msgId).not.toBe(sent[0]?.msgId);
  });

  it('fails every caller of a batch that could not be sent, so their jobs are retried', async () => {
    const { publish } = recordingPublisher(new Error('stream unavailable'));
    const usage = new UsageBatchPublisher({ publish }, { windowMs: 5, maxCharges: 64 });

    const results = await Promise.allSettled([usage.record(charge('a')), usage.record(charge('b'))]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
