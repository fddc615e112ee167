import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@wh/contracts';
import { EgressGuards } from '@wh/platform/egress-guard';
import { hostMappingResolver, parseHostResolverRules, systemResolver } from '@wh/platform/target-safety';
import { HttpEngine } from '../fetch';
import type { HttpFetchRequest } from '../fetch/http-fetch.types';
import { guardedProxyUrl } from './egress-guards.provider';

/** An operator's forward proxy that answers every request itself and remembers what it was asked for. */
async function startOperatorProxy(): Promise<{ server: Server; url: string; asked: IncomingMessage[] }> {
  const asked: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    asked.push(request);
    response.end('internal admin page');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://scraper:s3cret@127.0.0.1:${port}`, asked };
}

describe("the HTTP engine through an operator's proxy with private targets disallowed", () => {
  let guards: EgressGuards;
  let proxy: Awaited<ReturnType<typeof startOperatorProxy>>;

  // A name the guard resolves to loopback: what a rebinding DNS answer gives a proxy that resolves names itself.
  const rebound = (proxyUrl: string): HttpFetchRequest => ({
    url: 'http://rebound.test:8080/admin',
    headers: {},
    timeoutMs: 5_000,
    skipTlsVerification: false,
    maxBodyBytes: 1024 * 1024,
    allowPrivateTargets: false,
    userAgent: 'WebHarvestTest/1.0',
    proxyUrl,
  });

  beforeAll(async () => {
    guards = await EgressGuards.start({
      resolver: hostMappingResolver(parseHostResolverRules('MAP rebound.test 127.0.0.1'), systemResolver),
    });
    proxy = await startOperatorProxy();
  });
  afterAll(async () => {
    await guards.close();
    await new Promise((resolve) => proxy.server.close(resolve));
  });
  beforeEach(() => {
    proxy.asked.length = 0;
  });

  it('is refused by the guard before the proxy is asked, and fails as forbidden', async () => {
    const engine = new HttpEngine({ guardedProxy: (proxyUrl) => guardedProxyUrl(guards, proxyUrl) });
    try {
      await expect(engine.fetch(rebound(proxy.url))).rejects.toMatchObject({
        code: ErrorCode.ScrapeTargetForbidden,
        details: { url: 'http://rebound.test:8080/admin' },
      });
      expect(proxy.asked).toEqual([]);
    } finally {
      await engine.close();
    }
  });

  it('without the guard, the proxy is asked for the name and answers for it', async () => {
    const engine = new HttpEngine();
    try {
      const response = await engine.fetch(rebound(proxy.url));
      expect(response.text).toBe('internal admin page');
      expect(proxy.asked.map((request) => request.url)).toEqual(['http://rebound.test:8080/admin']);
    } finally {
      await engine.close();
    }
  });

  it("keeps the operator's credentials on the guard's URL", async () => {
    const guarded = new URL(await guardedProxyUrl(guards, proxy.url));
    expect({ user: guarded.username, password: guarded.password }).toEqual({ user: 'scraper', password: 's3cret' });
    expect(guarded.host).not.toBe(new URL(proxy.url).host);
  });
});
