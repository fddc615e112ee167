import { EgressGuards } from './egress-guards';

describe('EgressGuards', () => {
  let guards: EgressGuards;
  beforeEach(async () => {
    guards = await EgressGuards.start();
  });
  afterEach(async () => {
    await guards.close();
  });

  it('gives each operator proxy one chained guard of its own, apart from the direct one', async () => {
    const [first, again, other] = await Promise.all([
      guards.through('10.0.0.5:3128'),
      guards.through('10.0.0.5:3128'),
      guards.through('[fd00::5]:3128'),
    ]);
    expect(again).toBe(first);
    const servers = new Set([guards.direct.proxyServer, first.proxyServer, other.proxyServer]);
    expect(servers.size).toBe(3);
    for (const server of servers) expect(server).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('refuses a proxy address that is not host:port', () => {
    expect(() => guards.through('http://10.0.0.5:3128')).toThrow(/not a host and port/);
  });
});
