import { freePort } from '@wh/testing';
import { admin, teamOnPlan } from './support/billing-admin';
import { useOwnStack } from './support/own-stack';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

/** Waits, when needed, so that a few requests all fall in one fixed minute window. */
async function startOfAFreshMinute(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
}

describe('per-minute rate limits shared by two gateway processes', () => {
  const own = useOwnStack('rate-limits', ['api-gateway', 'billing-service']);
  let secondGatewayUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    await own.stack().startService('api-gateway', { port });
    secondGatewayUrl = `http://127.0.0.1:${port}`;
  }, 60_000);

  it('refuses the request past the plan’s limit with a 429, Firecrawl’s body and Retry-After, whichever gateway gets it', async () => {
    const stack = own.stack();
    const team = await teamOnPlan(stack, 'limited', ['--rate', 'status=4']);
    const gateways = [stack.baseUrl, secondGatewayUrl];
    await startOfAFreshMinute();

    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await fetch(`${gateways[i % 2]}/v2/team/credit-usage`, {
        headers: { authorization: `Bearer ${team.apiKey}` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);

    for (const gateway of gateways) {
      const refused = await fetch(`${gateway}/v2/team/credit-usage`, {
        headers: { authorization: `Bearer ${team.apiKey}` },
      });
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await refused.json()).toEqual({
        success: false,
        code: 'RATE_LIMIT_EXCEEDED',
        error: expect.stringMatching(
          /^Rate limit exceeded\. Consumed \(req\/min\): 4, Remaining \(req\/min\): 0\. Upgrade your plan at https:\/\/firecrawl\.dev\/pricing for increased rate limits or please retry after \d+s, resets at /,
        ),
        details: { retryAfterSeconds: retryAfter },
      });
    }

    const sdk = new Firecrawl({ apiKey: team.apiKey, apiUrl: secondGatewayUrl });
    await expect(sdk.getCreditUsage()).rejects.toThrow(/Rate limit exceeded/);
    // Another team is counted apart.
    const other = await teamOnPlan(stack, 'other', ['--rate', 'status=4']);
    expect(
      (await fetch(`${stack.baseUrl}/v2/team/credit-usage`, { headers: { authorization: `Bearer ${other.apiKey}` } }))
        .status,
    ).toBe(200);
    expect(await admin(stack, ['reconcile'])).toContain('no drift');
  }, 120_000);
});
