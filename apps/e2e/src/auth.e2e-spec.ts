import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { callApi, runCompiled } from '@wh/testing';
import { sharedStack } from './support/stack-env';

const stack = sharedStack();
const body = { url: 'https://example.com/' };
// The admin tool reaches the stack's database, and its NATS namespace to tell the gateways of a revocation.
const adminEnv = { DATABASE_URL: stack.databaseUrl, NATS_URL: stack.natsUrl, WH_NAMESPACE: stack.namespace };

async function admin(...args: string[]): Promise<string> {
  return runCompiled('apps/billing-service/src/admin/admin.cli.js', args, adminEnv);
}

describe('API keys', () => {
  it('refuses a request without Authorization with 401', async () => {
    const response = await callApi(stack, 'POST', '/v2/scrape', body, { authorization: null });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('refuses a malformed Authorization header with 401', async () => {
    const response = await callApi(stack, 'POST', '/v2/scrape', body, { authorization: 'Basic abc' });
    expect(response.status).toBe(401);
  });

  it('refuses an unknown key with 401', async () => {
    const response = await callApi(stack, 'POST', '/v2/scrape', body, { authorization: 'Bearer fc-0000' });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('lets the admin command line create a team and a key, and revoke it', async () => {
    const team = `team-${Date.now()}`;
    expect(await admin('create-team', team, '--concurrency', '3')).toContain(`team ${team}`);
    const created = await admin('create-key', team, '--label', 'ci');
    const key = created.trim().split('\n').at(-1) ?? '';
    expect(key).toMatch(/^fc-[0-9a-f]{48}$/);

    // An accepted key passes auth and reaches validation (an empty body is then a 400, not a 401).
    const accepted = await callApi({ ...stack, apiKey: key }, 'POST', '/v2/scrape', {});
    expect(accepted.status).toBe(400);

    const keyId = (await admin('list-keys', team)).split(' ')[0] ?? '';
    // The gateway now trusts the key from memory; the revocation must reach it at once all the same.
    expect((await admin('revoke-key', team, keyId)).trim()).toBe(`revoked ${keyId}`);
    const refused = await callApi({ ...stack, apiKey: key }, 'POST', '/v2/scrape', {});
    expect(refused.status).toBe(401);
    // Five command-line runs, each a Node process of its own.
  }, 60_000);

  it('stores only hashes of keys', async () => {
    const client = new Client({ connectionString: stack.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ key_hash: string; key_prefix: string }>(
      'select key_hash, key_prefix from api_keys',
    );
    await client.end();
    const serialized = JSON.stringify(rows);
    expect(serialized).not.toContain(stack.apiKey);
    expect(rows.map((row) => row.key_hash)).toContain(createHash('sha256').update(stack.apiKey).digest('hex'));
  });
});
