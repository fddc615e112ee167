import { admin } from './support/billing-admin';
import { useOwnStack } from './support/own-stack';

/** A team of its own and its key, made with the admin command line. */
async function newTeamKey(stack: Parameters<typeof admin>[0], label: string): Promise<string> {
  const name = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await admin(stack, ['create-team', name]);
  return (await admin(stack, ['create-key', name])).trim().split('\n').at(-1) ?? '';
}

/** POSTs `body` to /v2/scrape of `stack` with `key`. */
function postScrape(
  stack: Parameters<typeof admin>[0],
  key: string,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${stack.baseUrl}/v2/scrape`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
}

describe('back-pressure of a saturated gateway replica', () => {
  const own = useOwnStack('overload', ['api-gateway', 'scrape-worker', 'billing-service'], {
    MAX_REQUESTS_IN_FLIGHT: '4',
  });

  it('answers the team flooding it with 429 and Retry-After, while another team’s requests are still served', async () => {
    const stack = own.stack();
    const [floodKey, quietKey] = await Promise.all([newTeamKey(stack, 'flood'), newTeamKey(stack, 'quiet')]);
    const scrape = (key: string, url: string, signal?: AbortSignal): Promise<Response> =>
      postScrape(stack, key, { url, maxAge: 0 }, signal);
    // Pages slow enough that the flood's admitted requests are still in progress while the rest of the test runs.
    const abandon = new AbortController();
    const flood = Array.from({ length: 8 }, (_, index) =>
      scrape(floodKey, `${own.site().url}/slow?ms=20000&flood=${index}`, abandon.signal),
    );
    try {
      // The refusals come at once; the admitted requests are still waiting for their 20 s pages after 8 s.
      const answered = await Promise.all(
        flood.map((response) =>
          Promise.race([response, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 8_000))]),
        ),
      );
      expect(answered.filter((response) => response === undefined)).toHaveLength(4);
      const tooMany = answered.filter((response) => response?.status === 429);
      expect(tooMany).toHaveLength(4);
      expect(tooMany[0]?.headers.get('retry-after')).toBe('1');
      expect(await tooMany[0]?.json()).toEqual({
        success: false,
        code: 'RATE_LIMIT_EXCEEDED',
        error: expect.stringContaining('retry after 1s'),
        details: { retryAfterSeconds: 1 },
      });

      const quiet = await scrape(quietKey, `${own.site().url}/slow?ms=0&quiet=1`);
      expect(quiet.status).toBe(200);
      const floodAgain = await scrape(floodKey, `${own.site().url}/slow?ms=0&flood=again`);
      expect(floodAgain.status).toBe(429);
    } finally {
      abandon.abort();
      await Promise.allSettled(flood);
    }
  });
});

describe('fairness between teams on a saturated gateway replica', () => {
  const own = useOwnStack('fairness', ['api-gateway', 'scrape-worker', 'billing-service'], {
    MAX_REQUESTS_IN_FLIGHT: '4',
  });

  it('holds a flooding team to its share while another team works, refusing only the flood’s excess', async () => {
    const stack = own.stack();
    const [floodKey, quietKey] = await Promise.all([newTeamKey(stack, 'flood'), newTeamKey(stack, 'quiet')]);
    const scrape = (key: string, page: string, signal?: AbortSignal): Promise<Response> =>
      postScrape(stack, key, { url: `${own.site().url}${page}`, maxAge: 0 }, signal);
    const abandon = new AbortController();
    const floodAttempts: Promise<Response>[] = [];
    const flood = (count: number, label: string): Promise<Response>[] => {
      const attempts = Array.from({ length: count }, (_, index) =>
        scrape(floodKey, `/slow?ms=20000&flood=${label}-${index}`, abandon.signal),
      );
      floodAttempts.push(...attempts);
      return attempts;
    };
    const refusalsAmong = async (attempts: Promise<Response>[]): Promise<number> => {
      // An admitted attempt waits for its 20 s page; a refused one is answered at once.
      const answers = await Promise.all(
        attempts.map((attempt) =>
          Promise.race([attempt, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5_000))]),
        ),
      );
      for (const answer of answers) if (answer) expect(answer.status).toBe(429);
      return answers.filter((answer) => answer !== undefined).length;
    };
    try {
      expect((await scrape(quietKey, '/slow?ms=0&quiet=first')).status).toBe(200);
      // The quiet team has a request in progress when the flood comes: two teams share the replica, and the flood
      // gets its share of it (two of four places), not every place left.
      const first = scrape(quietKey, '/slow?ms=4000&quiet=a');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await refusalsAmong(flood(8, 'shared'))).toBe(6);

      // The quiet team's second request is within its share and admitted; the flood's further attempts are refused.
      const second = scrape(quietKey, '/slow?ms=1000&quiet=b');
      expect(await refusalsAmong(flood(4, 'again'))).toBe(4);
      expect((await Promise.all([first, second])).map((response) => response.status)).toEqual([200, 200]);
      for (let index = 0; index < 3; index += 1) {
        expect((await scrape(quietKey, `/slow?ms=0&quiet=${index}`)).status).toBe(200);
        expect(await refusalsAmong(flood(1, `between-${index}`))).toBe(1);
      }
    } finally {
      abandon.abort();
      await Promise.allSettled(floodAttempts);
    }
  });
});

describe('requests per second per team on a saturated gateway replica', () => {
  const own = useOwnStack('rate-shares', ['api-gateway', 'scrape-worker', 'billing-service'], {
    MAX_REQUESTS_IN_FLIGHT: '4',
    TEAM_RATE_FLOOR_PER_SECOND: '5',
  });

  it('refuses a flood of cached hits that holds one place at a time past its share of the rate, and serves the other team', async () => {
    const stack = own.stack();
    const [floodKey, quietKey] = await Promise.all([newTeamKey(stack, 'flood'), newTeamKey(stack, 'quiet')]);
    const scrape = (key: string, page: string, signal?: AbortSignal): Promise<Response> =>
      postScrape(stack, key, { url: `${own.site().url}${page}` }, signal);
    const cachedPage = '/slow?ms=0&cached=1';
    for (const key of [floodKey, quietKey]) expect((await scrape(key, cachedPage)).status).toBe(200);

    // The quiet team's slow page keeps the replica at its pressure mark (a quarter of its 4 places) throughout.
    const abandon = new AbortController();
    const held = scrape(quietKey, '/slow?ms=20000&quiet=held', abandon.signal);
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const floodStatuses: number[] = [];
      const quietStatuses: number[] = [];
      const flooding = (async () => {
        // One request at a time: never more than one place, so only a rate share can refuse it.
        for (const startedAt = Date.now(); Date.now() - startedAt < 3_000;) {
          const response = await scrape(floodKey, cachedPage);
          floodStatuses.push(response.status);
          if (response.status === 429) {
            expect(response.headers.get('retry-after')).toBe('1');
            expect(await response.json()).toEqual({
              success: false,
              code: 'RATE_LIMIT_EXCEEDED',
              error: expect.stringContaining('requests per second'),
              details: { retryAfterSeconds: 1 },
            });
          } else await response.arrayBuffer();
        }
      })();
      for (let index = 0; index < 5; index += 1) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const response = await scrape(quietKey, cachedPage);
        quietStatuses.push(response.status);
        await response.arrayBuffer();
      }
      await flooding;

      expect(quietStatuses).toEqual([200, 200, 200, 200, 200]);
      expect(floodStatuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
      expect(floodStatuses.filter((status) => status === 200).length).toBeGreaterThan(0);
      expect(floodStatuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    } finally {
      abandon.abort();
      await held.catch(() => undefined);
    }
  });
});
