import type { LogoSample } from './branding-sample';
import { pickLogo, rankLogos } from './logo-ranking';

const logo = (overrides: Partial<LogoSample>): LogoSample => ({
  kind: 'img',
  src: 'https://site.test/img/photo.jpg',
  alt: '',
  name: '',
  inHeader: false,
  linksHome: false,
  top: 600,
  left: 800,
  width: 400,
  height: 240,
  ...overrides,
});

describe('logo ranking', () => {
  it('puts the header image linking home and named logo first, with its reasons', () => {
    const ranked = rankLogos(
      [
        logo({ src: 'https://site.test/hero.jpg', top: 120, width: 1200, height: 500 }),
        logo({
          src: 'https://site.test/icons/search.svg',
          inHeader: true,
          top: 20,
          left: 1700,
          width: 20,
          height: 20,
          name: 'icon-search',
        }),
        logo({
          src: 'https://site.test/assets/acme-logo.png',
          alt: 'Acme',
          inHeader: true,
          linksHome: true,
          top: 16,
          left: 24,
          width: 140,
          height: 40,
        }),
      ],
      1920,
    );
    expect(ranked[0]).toMatchObject({
      src: 'https://site.test/assets/acme-logo.png',
      reasons: ['header', 'links-home', 'named-logo', 'near-top', 'left'],
    });
    expect(ranked.at(-1)?.src).toBe('https://site.test/hero.jpg');
    expect(pickLogo(ranked)).toBe('https://site.test/assets/acme-logo.png');
  });

  it('takes an inline SVG linking home from the header', () => {
    const ranked = rankLogos(
      [
        logo({
          kind: 'svg',
          src: 'data:image/svg+xml,%3Csvg%3E',
          inHeader: true,
          linksHome: true,
          top: 12,
          left: 32,
          width: 120,
          height: 32,
        }),
        logo({ src: 'https://site.test/team.png', top: 300, left: 100, width: 200, height: 200 }),
      ],
      1920,
    );
    expect(ranked[0]?.kind).toBe('svg');
    expect(ranked[0]?.reasons).toEqual(['header', 'links-home', 'svg', 'near-top', 'left']);
  });

  it('picks no logo when no candidate scores as one, and skips candidates without a source', () => {
    const ranked = rankLogos([logo({}), logo({ src: null, inHeader: true, linksHome: true, name: 'logo' })], 1920);
    expect(ranked).toHaveLength(1);
    expect(pickLogo(ranked)).toBeNull();
    expect(pickLogo([])).toBeNull();
  });
});
