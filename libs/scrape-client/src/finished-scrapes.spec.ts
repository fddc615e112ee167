import type { Msg, NatsConnection } from 'nats';
import { Namespace } from '@wh/platform/messaging';
import { FinishedScrapes } from './finished-scrapes';

type Callback = (error: Error | null, message: Msg) => void;

/** A connection that records subscriptions and lets the test publish to them. */
function fakeConnection(): { connection: NatsConnection; subjects: string[]; publish(subject: string): void } {
  const callbacks: Callback[] = [];
  const subjects: string[] = [];
  const connection = {
    subscribe: (subject: string, options: { callback: Callback }) => {
      subjects.push(subject);
      callbacks.push(options.callback);
      return { unsubscribe: () => undefined };
    },
  } as unknown as NatsConnection;
  const publish = (subject: string): void => {
    const message = { subject, data: new TextEncoder().encode(subject), headers: undefined } as unknown as Msg;
    for (const callback of callbacks) callback(null, message);
  };
  return { connection, subjects, publish };
}

describe('FinishedScrapes', () => {
  const namespace = new Namespace('t1');

  it('subscribes once per origin, whatever the number of scrapes waited for', () => {
    const nats = fakeConnection();
    const finished = new FinishedScrapes(nats.connection, namespace);

    finished.expect('direct', 'a', 1_000).cancel();
    finished.expect('direct', 'b', 1_000).cancel();
    finished.expect('extract', 'c', 1_000).cancel();

    expect(nats.subjects).toEqual([
      `t1.scrape.direct-job.finished.${finished.route}.*`,
      `t1.scrape.job.finished.extract.${finished.route}.*`,
    ]);
  });

  it('gives every process a route of its own, usable as one subject token', () => {
    const routes = Array.from({ length: 50 }, () => new FinishedScrapes(fakeConnection().connection, namespace).route);
    expect(new Set(routes).size).toBe(50);
    for (const route of routes) expect(route).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });

  it('hands each announcement to the scrape it ends, and drops one nobody waits for', async () => {
    const nats = fakeConnection();
    const finished = new FinishedScrapes(nats.connection, namespace);
    const first = finished.expect('direct', 'job-1', 1_000);
    const second = finished.expect('direct', 'job-2', 1_000);

    const own = `t1.scrape.direct-job.finished.${finished.route}`;
    nats.publish(`${own}.someone-elses`);
    nats.publish(`${own}.job-2`);
    nats.publish(`${own}.job-1`);

    const decoded = async (expected: typeof first): Promise<string> =>
      new TextDecoder().decode((await expected.message)?.data);
    expect(await decoded(first)).toBe(`${own}.job-1`);
    expect(await decoded(second)).toBe(`${own}.job-2`);
    expect(finished.waitingCount()).toBe(0);
  });

  it('takes an announcement read back from its stream like one heard, once', async () => {
    const finished = new FinishedScrapes(fakeConnection().connection, namespace);
    const expected = finished.expect('direct', 'job-1', 1_000);
    const subject = finished.subjectOf('direct', 'job-1');
    const readBack = { data: new TextEncoder().encode('read back'), headers: undefined };

    expect(finished.deliver(subject, readBack)).toBe(true);
    expect(await expected.message).toBe(readBack);
    expect(finished.deliver(subject, readBack)).toBe(false);
  });

  it('gives up after the wait, and forgets a scrape no longer waited for', async () => {
    const nats = fakeConnection();
    const finished = new FinishedScrapes(nats.connection, namespace);
    const late = finished.expect('direct', 'late', 5);
    const cancelled = finished.expect('direct', 'cancelled', 1_000);

    cancelled.cancel();

    expect(await late.message).toBeUndefined();
    expect(await cancelled.message).toBeUndefined();
    expect(finished.waitingCount()).toBe(0);
    // An announcement after the caller gave up reaches nobody and does not throw.
    nats.publish(`t1.scrape.direct-job.finished.${finished.route}.late`);
  });
});
