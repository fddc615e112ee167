import type { BrandingSample, TextStyleSample } from './branding-sample';
import { paletteOf } from './palette';

const text = (overrides: Partial<TextStyleSample>): TextStyleSample => ({
  role: 'body',
  color: '#1f2937',
  background: '#ffffff',
  family: 'Inter, sans-serif',
  size: 16,
  weight: 400,
  lineHeight: 1.5,
  chars: 100,
  ...overrides,
});

function sample(overrides: Partial<BrandingSample>): BrandingSample {
  return {
    url: 'https://site.test/',
    title: 'Site',
    description: '',
    siteName: '',
    phrases: [],
    viewport: { width: 1920, height: 1080 },
    backgrounds: [{ color: '#ffffff', weight: 336 }],
    texts: [],
    buttons: [],
    inputs: [],
    logos: [],
    spacings: [],
    radii: [],
    favicon: null,
    ogImage: null,
    ...overrides,
  };
}

describe('paletteOf', () => {
  it('on a light page: the coloured call to action is primary, text roles come by characters', () => {
    const palette = paletteOf(
      sample({
        backgrounds: [
          { color: '#ffffff', weight: 250 },
          { color: '#f8fafc', weight: 80 },
          { color: '#ff5a1f', weight: 6 },
        ],
        texts: [
          text({ chars: 3_000 }),
          text({ color: '#6b7280', chars: 900 }),
          text({ role: 'link', color: '#0f766e', chars: 240 }),
          text({ role: 'button', color: '#ffffff', background: '#ff5a1f', chars: 30 }),
          text({ role: 'small', color: '#eeeeee', chars: 400 }),
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
      }),
    );
    expect(palette.colorScheme).toBe('light');
    expect(palette.colors).toEqual({
      primary: '#FF5A1F',
      secondary: '#0F766E',
      background: '#FFFFFF',
      textPrimary: '#1F2937',
      textSecondary: '#6B7280',
      link: '#0F766E',
    });
    expect(palette.entries).toContainEqual({
      color: '#FF5A1F',
      weight: expect.any(Number),
      roles: ['background', 'brand'],
    });
  });

  it('on a dark page: dark scheme, light text, the accent of links and buttons as primary', () => {
    const palette = paletteOf(
      sample({
        backgrounds: [
          { color: '#0b1020', weight: 300 },
          { color: '#141a2e', weight: 36 },
        ],
        texts: [
          text({ color: '#e5e7eb', background: '#0b1020', chars: 2_000 }),
          text({ color: '#94a3b8', background: '#0b1020', chars: 600 }),
          text({ role: 'link', color: '#a78bfa', background: '#0b1020', chars: 200 }),
        ],
        buttons: [
          {
            text: 'Join',
            background: '#a78bfa',
            color: '#0b1020',
            borderColor: null,
            borderWidth: 0,
            radius: 999,
            area: 8_000,
            top: 300,
            name: '',
          },
        ],
      }),
    );
    expect(palette.colorScheme).toBe('dark');
    expect(palette.colors).toMatchObject({
      primary: '#A78BFA',
      background: '#0B1020',
      textPrimary: '#E5E7EB',
      textSecondary: '#94A3B8',
      link: '#A78BFA',
    });
    expect(palette.colors.secondary).toBeUndefined();
  });

  it('on a page without colour: the main button, else the text, is primary', () => {
    const texts = [text({ color: '#111111', chars: 1_000 })];
    expect(paletteOf(sample({ texts }), '#222222').colors.primary).toBe('#222222');
    expect(paletteOf(sample({ texts })).colors.primary).toBe('#111111');
  });
});
