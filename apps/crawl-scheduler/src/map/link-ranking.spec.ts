import { rankLinks, wordsOf } from './link-ranking';

const SITE = 'https://site.test';

describe('rankLinks', () => {
  it('puts path matches first, then title, then description, and keeps discovery order among equals', () => {
    const links = [
      { url: `${SITE}/about` },
      { url: `${SITE}/team`, description: 'Who writes the pricing pages' },
      { url: `${SITE}/plans`, title: 'Pricing and plans' },
      { url: `${SITE}/pricing` },
      { url: `${SITE}/contact` },
    ];
    expect(rankLinks(links, 'pricing').map((link) => link.url.slice(SITE.length))).toEqual([
      '/pricing',
      '/plans',
      '/team',
      '/about',
      '/contact',
    ]);
  });

  it('ranks links matching every word above links matching one word more strongly', () => {
    const links = [
      { url: `${SITE}/blog/pricing/pricing-history` },
      { url: `${SITE}/docs/api/pricing` },
      { url: `${SITE}/docs/api` },
    ];
    expect(rankLinks(links, 'API pricing')[0]?.url).toBe(`${SITE}/docs/api/pricing`);
  });

  it('counts a word inside a longer one for less than the whole word', () => {
    const links = [{ url: `${SITE}/documentation` }, { url: `${SITE}/doc` }];
    expect(rankLinks(links, 'doc').map((link) => link.url)).toEqual([`${SITE}/doc`, `${SITE}/documentation`]);
  });

  it('matches subdomain labels and percent-encoded paths', () => {
    const links = [{ url: `${SITE}/x` }, { url: `https://blog.site.test/` }, { url: `${SITE}/caf%C3%A9-menu` }];
    expect(rankLinks(links, 'blog')[0]?.url).toBe('https://blog.site.test/');
    expect(rankLinks(links, 'café')[0]?.url).toBe(`${SITE}/caf%C3%A9-menu`);
  });

  it('leaves the order alone for a search without words', () => {
    const links = [{ url: `${SITE}/b` }, { url: `${SITE}/a` }];
    expect(rankLinks(links, ' ,;- ')).toEqual(links);
  });
});

describe('wordsOf', () => {
  it('splits on anything but letters and digits, lower-cased', () => {
    expect(wordsOf('Get-Started_Guide v2/Über')).toEqual(['get', 'started', 'guide', 'v2', 'über']);
  });
});
