import type { TextStyleSample } from './branding-sample';
import { firstFamily, fontStack, fontsInUse, typographyOf } from './typography';

const text = (overrides: Partial<TextStyleSample>): TextStyleSample => ({
  role: 'body',
  color: '#111111',
  background: '#ffffff',
  family: '"Source Sans 3", Arial, sans-serif',
  size: 16,
  weight: 400,
  lineHeight: 1.5,
  chars: 100,
  ...overrides,
});

describe('typography', () => {
  it('reads a computed font-family list', () => {
    expect(fontStack('"Source Sans 3", Arial, sans-serif')).toEqual(['Source Sans 3', 'Arial', 'sans-serif']);
    expect(firstFamily("'Playfair Display', serif")).toBe('Playfair Display');
  });

  const texts = [
    text({ chars: 2_000 }),
    text({ role: 'link', chars: 300 }),
    text({ role: 'small', size: 12, chars: 150 }),
    text({ role: 'h1', family: '"Playfair Display", serif', size: 48, weight: 700, lineHeight: 1.1, chars: 30 }),
    text({ role: 'h2', family: '"Playfair Display", serif', size: 32, weight: 700, lineHeight: null, chars: 80 }),
    text({ role: 'h2', family: '"Playfair Display", serif', size: 28, weight: 600, chars: 20 }),
    text({ role: 'code', family: '"JetBrains Mono", monospace', size: 14, chars: 90 }),
  ];

  it('orders the fonts in use by the text they carry, each with the role it plays', () => {
    expect(fontsInUse(texts)).toEqual([
      { family: 'Source Sans 3', role: 'body' },
      { family: 'Playfair Display', role: 'heading' },
      { family: 'JetBrains Mono', role: 'code' },
    ]);
  });

  it('gives families, sizes, weights and line heights by role', () => {
    expect(typographyOf(texts)).toEqual({
      fontFamilies: { primary: 'Source Sans 3', heading: 'Playfair Display', code: 'JetBrains Mono' },
      fontStacks: {
        primary: ['Source Sans 3', 'Arial', 'sans-serif'],
        heading: ['Playfair Display', 'serif'],
        body: ['Source Sans 3', 'Arial', 'sans-serif'],
      },
      fontSizes: { h1: '48px', h2: '32px', body: '16px', small: '12px' },
      lineHeights: { heading: 1.2, body: 1.5 },
      fontWeights: { regular: 400, bold: 700 },
    });
  });
});
