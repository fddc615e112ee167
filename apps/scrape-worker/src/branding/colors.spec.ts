import { chroma, clusterColors, colorDistance, contrastRatio, hue, isChromatic, luminance } from './colors';

describe('colour arithmetic', () => {
  it('measures luminance and WCAG contrast', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 1);
  });

  it('tells brand colours from greys', () => {
    expect(isChromatic('#ff5a1f')).toBe(true);
    expect(isChromatic('#2563eb')).toBe(true);
    expect(isChromatic('#1e293b')).toBe(false);
    expect(isChromatic('#f5f5f5')).toBe(false);
    expect(chroma('#808080')).toBe(0);
    expect(hue('#ff0000')).toBe(0);
    expect(hue('#00ff00')).toBe(120);
  });

  it('merges near colours into the heaviest and adds up their weights', () => {
    const clusters = clusterColors([
      { color: '#ffffff', weight: 10 },
      { color: '#2563eb', weight: 4 },
      { color: '#fefefe', weight: 30 },
      { color: '#2664ea', weight: 1 },
    ]);
    expect(clusters).toEqual([
      { color: '#fefefe', weight: 40 },
      { color: '#2563eb', weight: 5 },
    ]);
    expect(colorDistance('#2563eb', '#2563eb')).toBe(0);
  });
});
