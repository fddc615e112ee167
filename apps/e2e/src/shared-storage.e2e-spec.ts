import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import puppeteer from 'puppeteer-core';
import {
  callApi,
  eventually,
  freePort,
  type FixtureServer,
  type RunningStack,
  startFixtureServer,
  startStack,
  stopProcess,
} from '@wh/testing';
import { createSession, deleteSession } from './support/browser-sessions';
import { sharedInfrastructure } from './support/stack-env';

// Files and profiles in a bucket, as in a cluster whose pods share no disk: the stack's own s3rver is the only
// place they can be. Chromium pages take seconds on a busy two-core machine.
jest.setTimeout(90_000);

const profileDir = mkdtempSync(path.join(tmpdir(), 'wh-e2e-unused-profiles-'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'wh-e2e-s3-browsers-'));
let stack: RunningStack;
let site: FixtureServer;

beforeAll(async () => {
  site = await startFixtureServer();
  stack = await startStack(sharedInfrastructure(), {
    label: 'shared-storage',
    services: ['api-gateway', 'billing-service', 'scrape-worker', 'browser-session-manager'],
    objectStorage: 's3',
    env: {
      // Every gateway replica signs and checks file URLs with the same key, as the chart's Secret gives them.
      FILES_URL_SECRET: 'one-secret-for-every-gateway-replica-of-this-test',
      BROWSER_PROFILE_DIR: profileDir,
      BROWSER_DATA_DIR: dataDir,
      BROWSER_WARM_POOL_SIZE: '0',
      BROWSER_HEARTBEAT_MS: '500',
    },
  });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  await site?.close();
  rmSync(profileDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

async function bucketKeys(): Promise<string[]> {
  const s3 = stack.s3;
  if (!s3) throw new Error('the stack runs without its S3 server');
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${stack.namespace}/` }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '');
  } finally {
    client.destroy();
  }
}

describe('files in S3', () => {
  it('serves a screenshot stored in the bucket through a URL one gateway signed and another answers', async () => {
    const scraped = await callApi(stack, 'POST', '/v2/scrape', {
      url: `${site.url}/browser/storage`,
      maxAge: 0,
      formats: [{ type: 'screenshot', viewport: { width: 640, height: 480 } }],
    });
    expect(scraped.status).toBe(200);
    const fileUrl = new URL((scraped.body.data as { screenshot: string }).screenshot);
    const [teamId, name] = fileUrl.pathname.split('/').slice(3);
    expect(await bucketKeys()).toContain(`${stack.namespace}/${teamId}/${name}`);

    const first = await fetch(fileUrl);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await first.arrayBuffer());

    const secondGatewayPort = await freePort();
    await stack.startService('api-gateway', { port: secondGatewayPort });
    const secondBase = `http://127.0.0.1:${secondGatewayPort}`;
    const fromSecond = await fetch(`${secondBase}${fileUrl.pathname}${fileUrl.search}`);
    expect(fromSecond.status).toBe(200);
    expect(Buffer.from(await fromSecond.arrayBuffer()).equals(bytes)).toBe(true);
    const tampered = await fetch(
      `${secondBase}${fileUrl.pathname}${fileUrl.search.replace(/expires=\d/, 'expires=9')}`,
    );
    expect(tampered.status).toBe(404);
  });
});

describe('browser profiles in S3', () => {
  async function storageSeen(cdpUrl: string): Promise<{ cookies: string[]; stored: string | null }> {
    const browser = await puppeteer.connect({ browserWSEndpoint: cdpUrl });
    try {
      const page = await browser.newPage();
      await page.goto(`${site.url}/browser/storage`);
      const cookies = (await browser.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).sort();
      return { cookies, stored: await page.evaluate(() => localStorage.getItem('basket')) };
    } finally {
      await browser.disconnect();
    }
  }

  it('saves a profile to the bucket and restores it on a new browser-session-manager replica', async () => {
    const writer = await createSession(stack, { streamWebView: false, profile: { name: 'shop' } });
    const browser = await puppeteer.connect({ browserWSEndpoint: writer.cdpUrl });
    const page = await browser.newPage();
    await page.goto(`${site.url}/browser/storage`);
    await page.evaluate(() => {
      document.cookie = 'visit=session-only';
      document.cookie = 'login=remembered; max-age=3600';
      localStorage.setItem('basket', 'three apples');
    });
    await browser.disconnect();
    expect(await deleteSession(stack, writer.id)).toMatchObject({ success: true, endReason: 'deleted' });

    const profileObjects = (await bucketKeys()).filter((key) => key.includes('/browser-profiles/'));
    expect(profileObjects).toHaveLength(1);
    expect(readdirSync(profileDir)).toEqual([]);

    // The replica that saved it goes away; a new one, with a data folder of its own, only has the bucket.
    const original = stack.processes.get('browser-session-manager');
    if (original) await stopProcess(original);
    await stack.startService('browser-session-manager', {});
    await eventually(
      async () => {
        const session = await callApi(stack, 'POST', '/v2/browser', {
          streamWebView: false,
          profile: { name: 'shop', saveChanges: false },
        });
        expect(session.status).toBe(200);
        const reader = session.body as unknown as { id: string; cdpUrl: string };
        try {
          expect(await storageSeen(reader.cdpUrl)).toEqual({
            cookies: ['login=remembered', 'visit=session-only'],
            stored: 'three apples',
          });
        } finally {
          await deleteSession(stack, reader.id);
        }
      },
      { timeoutMs: 30_000 },
    );

    expect((await callApi(stack, 'DELETE', '/v2/browser/profiles/shop')).body).toEqual({ success: true });
    expect((await bucketKeys()).filter((key) => key.includes('/browser-profiles/'))).toEqual([]);
  });
});
