import { randomUUID } from 'node:crypto';
import { Consumers, type ScrapeJobFinishedEvent, Subjects } from '@wh/contracts';
import { eventually, testNats } from '@wh/testing';

/** A scheduled page's result as the crawl-scheduler's consumer receives it, with a document of `bytes` or more. */
function finishedPage(bytes: number): ScrapeJobFinishedEvent {
  const jobId = randomUUID();
  const paragraph = 'Une « citation » avec des "guillemets", un \\ et un ✓ 🚀\n';
  const markdown = paragraph.repeat(Math.ceil(bytes / paragraph.length));
  return {
    jobId,
    teamId: 'team-1',
    status: 'completed',
    credits: 1,
    documentJson: JSON.stringify({ markdown, metadata: { url: `https://example.com/${jobId}`, statusCode: 200 } }),
    pageUrl: `https://example.com/${jobId}`,
  };
}

describe('a finished scrape with a long document, through JetStream and a durable consumer', () => {
  const nats = testNats();

  it('hands the consumer the same payload objects the publisher sent, in a message and through the object store', async () => {
    const received = new Map<string, ScrapeJobFinishedEvent>();
    await nats.consume({
      definition: Consumers.crawlSchedulerResults,
      handler: async (event) => {
        received.set(event.jobId, event);
      },
    });
    const sent = [
      finishedPage(100),
      finishedPage(60_000),
      // Past the server's max_payload: the body, detached texts included, goes through the object store.
      finishedPage(nats.client.maxPayloadBytes + 100_000),
    ];
    for (const event of sent) {
      await nats.publisher.publish(Subjects.scrapeJobFinished, event, {
        msgId: `${event.jobId}:finished`,
        subjectSuffix: `scheduled.${event.jobId}`,
      });
    }

    await eventually(async () => expect(received.size).toBe(sent.length));
    for (const event of sent) expect(received.get(event.jobId)).toEqual(event);
  });
});
