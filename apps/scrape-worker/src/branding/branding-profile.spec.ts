import type { BrandingSample } from './branding-sample';
import { brandingFromSample } from './branding-profile';

const SAMPLE: BrandingSample = {
  url: 'https://acme.test/',
  title: 'Acme: rockets for everyone',
  description: 'Affordable rockets, delivered.',
  siteName: 'Acme',
  phrases: ['Rockets for everyone', 'Start free trial'],
  viewport: { width: 1920, height: 1080 },
  backgrounds: [{ color: '#ffffff', weight: 336 }],
  texts: [
    {
      role: 'body',
      color: '#1f2937',
      background: '#ffffff',
      family: 'Inter, sans-serif',
      size: 16,
      weight: 400,
      lineHeight: 1.5,
      chars: 2_000,
    },
    {
      role: 'h1',
      color: '#111827',
      background: '#ffffff',
      family: 'Inter, sans-serif',
      size: 56,
      weight: 800,
      lineHeight: 1.1,
      chars: 20,
    },
  ],
  buttons: [
    {
      text: 'Start free trial',
      background: '#ff5a1f',
      color: '#ffffff',
      borderColor: null,
      borderWidth: 0,
      radius: 8,
      area: 12_000,
      top: 500,
      name: 'btn',
    },
  ],
  inputs: [{ borderColor: '#d1d5db', radius: 6 }],
  logos: [
    {
      kind: 'img',
      src: 'https://acme.test/logo.svg',
      alt: 'Acme',
      name: '',
      inHeader: true,
      linksHome: true,
      top: 16,
      left: 24,
      width: 120,
      height: 32,
    },
  ],
  spacings: [
    { value: 8, count: 20 },
    { value: 16, count: 30 },
    { value: 24, count: 10 },
  ],
  radii: [{ value: 8, count: 12 }],
  favicon: 'https://acme.test/favicon.png',
  ogImage: 'https://acme.test/og.png',
};

describe('brandingFromSample', () => {
  it("builds Firecrawl's profile shape from a page's sample, and the evidence for the model", () => {
    const { profile, evidence } = brandingFromSample(SAMPLE);
    expect(profile).toMatchObject({
      colorScheme: 'light',
      brandName: 'Acme',
      logo: 'https://acme.test/logo.svg',
      fonts: [{ family: 'Inter', role: 'body' }],
      colors: { primary: '#FF5A1F', background: '#FFFFFF', textPrimary: '#1F2937' },
      typography: { fontFamilies: { primary: 'Inter', heading: 'Inter' }, fontSizes: { h1: '56px', body: '16px' } },
      spacing: { baseUnit: 8, borderRadius: '8px' },
      components: {
        buttonPrimary: { background: '#FF5A1F', textColor: '#FFFFFF', borderRadius: '8px' },
        input: { borderColor: '#D1D5DB', borderRadius: '6px' },
      },
      images: {
        logo: 'https://acme.test/logo.svg',
        favicon: 'https://acme.test/favicon.png',
        ogImage: 'https://acme.test/og.png',
      },
    });
    expect(profile.personality).toBeUndefined();
    expect(evidence.fonts).toEqual(['Inter']);
    expect(evidence.logoCandidates[0]?.src).toBe('https://acme.test/logo.svg');
    expect(evidence.text).toBe(
      'Acme: rockets for everyone\nAffordable rockets, delivered.\nRockets for everyone\nStart free trial',
    );
  });
});
