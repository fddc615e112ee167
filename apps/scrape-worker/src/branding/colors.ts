import type { WeightedColor } from './branding-sample';

type Rgb = [number, number, number];

function channels(hex: string): Rgb {
  const value = hex.replace('#', '');
  return [0, 2, 4].map((offset) => parseInt(value.slice(offset, offset + 2), 16)) as Rgb;
}

/** `#rrggbb` in the upper case the branding profile answers with. */
export function canonicalHex(hex: string): string {
  return `#${hex.replace('#', '').toUpperCase()}`;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((channel) => {
    const unit = channel / 255;
    return unit <= 0.03928 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** How far a colour is from grey: max minus min channel, 0 to 1. */
export function chroma(hex: string): number {
  const rgb = channels(hex);
  return (Math.max(...rgb) - Math.min(...rgb)) / 255;
}

/** A colour a brand would be recognised by, rather than a grey, black or white. */
export function isChromatic(hex: string): boolean {
  return chroma(hex) >= 0.2;
}

/** Hue in degrees, 0-360. */
export function hue(hex: string): number {
  const [r, g, b] = channels(hex).map((channel) => channel / 255);
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  if (delta === 0) return 0;
  const sector = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return (sector * 60 + 360) % 360;
}

/** Perceptual distance between two colours (the "redmean" approximation), 0 to about 765. */
export function colorDistance(a: string, b: string): number {
  const [r1, g1, b1] = channels(a);
  const [r2, g2, b2] = channels(b);
  const redMean = (r1 + r2) / 2;
  return Math.sqrt(
    (2 + redMean / 256) * (r1 - r2) ** 2 + 4 * (g1 - g2) ** 2 + (2 + (255 - redMean) / 256) * (b1 - b2) ** 2,
  );
}

/** Below this distance two colours are one colour drawn twice (anti-aliasing, a hover shade, rounding). */
export const SAME_COLOR_DISTANCE = 30;

/**
 * Merges colours closer than `threshold` into the heaviest of them, adding up their weights; heaviest first. Greedy
 * in weight order, so each group is named by the colour the page uses most.
 */
export function clusterColors(entries: readonly WeightedColor[], threshold = SAME_COLOR_DISTANCE): WeightedColor[] {
  const clusters: WeightedColor[] = [];
  for (const entry of [...entries].sort((a, b) => b.weight - a.weight)) {
    const home = clusters.find((cluster) => colorDistance(cluster.color, entry.color) < threshold);
    if (home) home.weight += entry.weight;
    else clusters.push({ color: entry.color, weight: entry.weight });
  }
  return clusters.sort((a, b) => b.weight - a.weight);
}
