import { Subjects, type TeamCreditsReply } from '@wh/contracts';
import type { Logger } from '@wh/platform/logging';
import type { NatsClient, NatsRequester } from '@wh/platform/messaging';
import { GatewayConfig } from '../gateway.config';
import { INSUFFICIENT_CREDITS_MESSAGE, TeamCredits } from './team-credits';

function setup(remainingCredits: number | null, authDisabled = false) {
  const reply: TeamCreditsReply = {
    planId: 'p',
    planCredits: 10,
    remainingCredits,
    billingPeriodStart: '2026-11-01T00:00:00.000Z',
    billingPeriodEnd: '2026-12-01T00:00:00.000Z',
    concurrency: 2,
    rateLimits: {},
    planTokens: null,
    remainingTokens: null,
  };

  const requester = { request: jest.fn().mockResolvedValue(reply) };
  const credits = new TeamCredits(
    requester as unknown as NatsRequester,
    {} as NatsClient,
    Object.assign(new GatewayConfig(), { CREDITS_CACHE_TTL_MS: 60_000, AUTH_DISABLED: authDisabled }),
    {} as Logger,
  );
  return { credits, requester };
}

describe('TeamCredits', () => {
  it('admits as many requests as the cached balance allows, then refuses with INSUFFICIENT_CREDITS', async () => {
    const { credits, requester } = setup(2);

    await credits.admit('team-1');
    await credits.admit('team-1');
    await expect(credits.admit('team-1')).rejects.toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      message: INSUFFICIENT_CREDITS_MESSAGE,
    });
    expect(requester.request).toHaveBeenCalledTimes(1);
    expect(requester.request).toHaveBeenCalledWith(Subjects.creditsCheck, { teamId: 'team-1' }, expect.any(Number));
  });

  it('reads the balance once for a burst of requests that find none cached, and counts each one against it', async () => {
    const { credits, requester } = setup(3);
    const reply = (await requester.request.getMockImplementation()?.()) as TeamCreditsReply;
    let answer: (value: TeamCreditsReply) => void = () => undefined;
    requester.request.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const burst = Array.from({ length: 3 }, () => credits.admit('team-1'));
    answer(reply);
    await Promise.all(burst);
    expect(requester.request).toHaveBeenCalledTimes(1);
    await expect(credits.admit('team-1')).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
  });

  it('after charges, answers from the stale balance while refreshing it, or takes the balance billing announced', async () => {
    const { credits, requester } = setup(5);
    let announce: ((payload: object) => void) | undefined;
    const nats = {
      namespace: { subject: (subject: string) => subject },
      payloads: { decode: async (_class: unknown, message: { payload: object }) => message.payload },
      connection: {
        subscribe: (_subject: string, options: { callback: (error: null, message: object) => void }) => {
          announce = (payload) => options.callback(null, { payload });
          return { unsubscribe: () => undefined };
        },
      },
    };
    Object.assign(credits, { nats });
    credits.onModuleInit();
    await credits.admit('team-1');
    let answer: (reply: TeamCreditsReply) => void = () => undefined;
    requester.request.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));

    announce?.({ teamId: 'team-1', chargesOnly: true });
    await new Promise((resolve) => setImmediate(resolve));

    // The refresh is still unanswered: the request is admitted on the cached balance less what this replica admitted.
    await expect(credits.of('team-1')).resolves.toMatchObject({ remainingCredits: 4 });
    expect(requester.request).toHaveBeenCalledTimes(2);
    answer({ ...(await requester.request.mock.results[0]?.value), remainingCredits: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    await expect(credits.of('team-1')).resolves.toMatchObject({ remainingCredits: 1 });
    expect(requester.request).toHaveBeenCalledTimes(2);

    announce?.({ teamId: 'team-1', chargesOnly: true, remainingCredits: 7, remainingTokens: null });
    await new Promise((resolve) => setImmediate(resolve));
    await expect(credits.of('team-1')).resolves.toMatchObject({ remainingCredits: 7 });
    expect(requester.request).toHaveBeenCalledTimes(2);

    announce?.({ teamId: 'team-1', chargesOnly: true, creditsUsedUp: true, remainingCredits: 0 });
    await new Promise((resolve) => setImmediate(resolve));
    await credits.of('team-1');
    expect(requester.request).toHaveBeenCalledTimes(3);
  });

  it('asks billing nothing in single-user local mode, where nobody is billed', async () => {
    const { credits, requester } = setup(0, true);

    await expect(credits.fresh('local')).resolves.toMatchObject({ remainingCredits: null, rateLimits: {} });
    expect(requester.request).not.toHaveBeenCalled();
  });

  it('admits everything on an unlimited plan', async () => {
    const { credits } = setup(null);

    for (let i = 0; i < 5; i += 1) await credits.admit('team-1');
    expect((await credits.of('team-1')).remainingCredits).toBeNull();
  });

  it('reserves a json crawl’s pages at 5 credits each and cuts it to the pages the grant pays for', async () => {
    const { credits, requester } = setup(20);
    requester.request.mockResolvedValueOnce({ reservationId: 'r-1', granted: 20 });
    const json = { extraction: { json: { schema: { type: 'object' } } } };

    await expect(credits.allow('team-1', 10, 20, 'number of URLs', json)).resolves.toMatchObject({
      pages: 4,
      reservationId: 'r-1',
      warning: expect.stringContaining('lowered from 10 to 4: at 5 credits a page'),
    });
    expect(requester.request).toHaveBeenCalledWith(
      Subjects.creditsReserve,
      { teamId: 'team-1', credits: 50, perPage: 5 },
      expect.any(Number),
    );
  });

  it('refuses with a 402 when the credits left do not pay for one page', async () => {
    const { credits, requester } = setup(4);
    requester.request.mockResolvedValueOnce({ reservationId: null, granted: 0 });

    await expect(
      credits.allow('team-1', 3, 4, 'crawl limit', { extraction: { json: { prompt: 'the price' } } }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
  });
});
