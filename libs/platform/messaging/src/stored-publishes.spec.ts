import { headers as natsHeaders, type Msg, type MsgHdrs, type NatsConnection } from 'nats';
import { MESSAGE_ID_HEADER, storeFailure, StoredPublishes } from './stored-publishes';

const encoder = new TextEncoder();

interface Sent {
  subject: string;
  reply: string;
  headers: MsgHdrs;
}

/** A connection that records publishes and lets the test answer on the one subscription. */
function fakeConnection() {
  const sent: Sent[] = [];
  let deliver: ((error: Error | null, message: Msg) => void) | undefined;
  let subscriptions = 0;
  const connection = {
    publish: (subject: string, _body: Uint8Array, options: { reply: string; headers: MsgHdrs }) =>
      sent.push({ subject, reply: options.reply, headers: options.headers }),
    subscribe: (_subject: string, options: { callback: typeof deliver }) => {
      subscriptions += 1;
      deliver = options.callback;
      return {};
    },
  } as unknown as NatsConnection;
  const answer = (to: string, data: string, status?: number) =>
    deliver?.(null, {
      subject: to,
      data: encoder.encode(data),
      headers: status ? ({ code: status } as unknown as MsgHdrs) : undefined,
    } as Msg);
  return { connection, sent, answer, subscriptions: () => subscriptions };
}

describe('StoredPublishes', () => {
  it('resolves each publish on its own stream answer, over one subscription, with the message id set', async () => {
    const { connection, sent, answer, subscriptions } = fakeConnection();
    const publishes = new StoredPublishes(connection);
    const first = publishes.publish('s.a', new Uint8Array(), 'id-1', natsHeaders());
    const second = publishes.publish('s.b', new Uint8Array(), 'id-2', natsHeaders());
    expect(sent.map((message) => message.headers.get(MESSAGE_ID_HEADER))).toEqual(['id-1', 'id-2']);
    expect(new Set(sent.map((message) => message.reply)).size).toBe(2);

    answer(sent[1].reply, '{"stream":"S","seq":2}');
    answer(sent[0].reply, '{"stream":"S","seq":1,"duplicate":true}');
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
    expect(subscriptions()).toBe(1);
  });

  it('rejects a publish the stream refused, and one nobody answered in time', async () => {
    jest.useFakeTimers();
    try {
      const { connection, sent, answer } = fakeConnection();
      const publishes = new StoredPublishes(connection, 1_000, []);
      const refused = publishes.publish('s', new Uint8Array(), 'a', natsHeaders());
      const unanswered = publishes.publish('s', new Uint8Array(), 'b', natsHeaders());
      answer(sent[0].reply, '', 503);
      await expect(refused).rejects.toThrow('no stream takes this subject (503)');
      jest.advanceTimersByTime(1_000);
      await expect(unanswered).rejects.toThrow('no answer from a stream within 1000 ms');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('StoredPublishes while a stream has no leader', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('tries a publish no stream answered again after each wait, under the same message id, until one stores it', async () => {
    const { connection, sent, answer } = fakeConnection();
    const publish = new StoredPublishes(connection, 1_000, [100, 200]).publish(
      's',
      new Uint8Array(),
      'id',
      natsHeaders(),
    );
    answer(sent[0].reply, '', 503);
    await jest.advanceTimersByTimeAsync(99);
    expect(sent).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    answer(sent[1].reply, '', 503);
    await jest.advanceTimersByTimeAsync(200);
    answer(sent[2].reply, '{"stream":"S","seq":1}');
    await expect(publish).resolves.toBeUndefined();
    expect(sent.map((message) => message.headers.get(MESSAGE_ID_HEADER))).toEqual(['id', 'id', 'id']);
  });

  it('gives up after the last wait, and never tries again a publish the stream refused for another reason', async () => {
    const { connection, sent, answer } = fakeConnection();
    const publishes = new StoredPublishes(connection, 1_000, [100]);
    const leaderless = publishes.publish('s', new Uint8Array(), 'a', natsHeaders());
    const refused = publishes.publish('s', new Uint8Array(), 'b', natsHeaders());
    const outcomes = Promise.allSettled([leaderless, refused]);
    answer(sent[0].reply, '', 503);
    answer(sent[1].reply, '{"error":{"code":400,"description":"maximum messages exceeded"}}');
    await jest.advanceTimersByTimeAsync(100);
    answer(sent[2].reply, '', 503);
    const [first, second] = await outcomes;
    expect(first).toMatchObject({ status: 'rejected', reason: { message: 'no stream takes this subject (503)' } });
    expect(second).toMatchObject({ status: 'rejected', reason: { message: expect.stringContaining('(400)') } });
    expect(sent).toHaveLength(3);
  });
});

describe('storeFailure', () => {
  const message = (data: string, code?: number) => ({
    data: encoder.encode(data),
    headers: code ? ({ code } as unknown as MsgHdrs) : undefined,
  });

  it('accepts an acknowledgement naming its stream', () => {
    expect(storeFailure(message('{"stream":"S","seq":1}'))).toBeUndefined();
  });

  it.each([
    ['{"error":{"code":400,"description":"maximum messages exceeded"}}', undefined, 'maximum messages exceeded (400)'],
    ['{"stream":""}', undefined, 'names no stream'],
    ['not json', undefined, 'not JSON'],
    ['', 408, 'status 408'],
  ])('refuses %p (status %p)', (data, code, reason) => {
    expect(storeFailure(message(data, code))?.message).toContain(reason);
  });
});
