import type { Resolver } from '@wh/platform/target-safety';
import { publicLinksOnly } from './public-links';

const ADDRESSES: Record<string, string> = {
  'site.test': '93.184.216.34',
  'intranet.site.test': '10.0.0.7',
  'metadata.site.test': '169.254.169.254',
};

const resolver: Resolver = (hostname, _options, callback) => {
  const address = ADDRESSES[hostname];
  if (!address) callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
  else callback(null, [{ address, family: 4 }]);
};

describe('publicLinksOnly', () => {
  it('leaves out internal names, literal private addresses and hosts resolving to private ones', async () => {
    const warnings: string[] = [];
    const links = [
      'https://site.test/a',
      'https://intranet.site.test/admin',
      'https://metadata.site.test/latest',
      'http://127.0.0.1/x',
      'http://[::1]/x',
      'http://app.localhost/',
      'https://gone.site.test/b',
      'https://site.test/c',
    ].map((url) => ({ url }));
    const kept = await publicLinksOnly(links, resolver, warnings);
    expect(kept.map((link) => link.url)).toEqual([
      'https://site.test/a',
      'https://gone.site.test/b',
      'https://site.test/c',
    ]);
    expect(warnings).toEqual(['5 links to private addresses were left out.']);
  });

  it('says nothing when every link is public', async () => {
    const warnings: string[] = [];
    expect(await publicLinksOnly([{ url: 'https://site.test/' }], resolver, warnings)).toHaveLength(1);
    expect(warnings).toEqual([]);
  });
});
