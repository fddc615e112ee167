import type { LookupAddress } from 'node:dns';
import { hostMappingResolver, parseHostResolverRules } from './host-mapping';
import type { Resolver } from './target-guard';

function resolveWith(resolver: Resolver, hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    resolver(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });
}

const upstream: Resolver = (_hostname, _options, callback) => callback(null, [{ address: '93.184.216.34', family: 4 }]);

describe('host resolver rules', () => {
  it('parses Chromium-style MAP rules', () => {
    expect(parseHostResolverRules('MAP *.test 127.0.0.1, MAP api.example.com ::1')).toEqual([
      { pattern: '*.test', address: '127.0.0.1' },
      { pattern: 'api.example.com', address: '::1' },
    ]);
    expect(parseHostResolverRules('')).toEqual([]);
  });

  it('rejects anything that is not a MAP rule', () => {
    expect(() => parseHostResolverRules('EXCLUDE *.test')).toThrow(/MAP/);
    expect(() => parseHostResolverRules('MAP *.test')).toThrow(/MAP/);
  });

  it('answers mapped names, including the bare suffix, and passes others on', async () => {
    const resolver = hostMappingResolver(parseHostResolverRules('MAP *.site.test 127.0.0.1'), upstream);
    await expect(resolveWith(resolver, 'blog.site.test')).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
    await expect(resolveWith(resolver, 'SITE.test')).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
    await expect(resolveWith(resolver, 'othersite.test')).resolves.toEqual([{ address: '93.184.216.34', family: 4 }]);
  });
});
