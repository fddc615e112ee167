import type { BrandingPaletteEntry, BrandingProfile } from '@wh/contracts';
import type { BrandingSample, TextRole, TextStyleSample, WeightedColor } from './branding-sample';
import {
  canonicalHex,
  clusterColors,
  colorDistance,
  contrastRatio,
  isChromatic,
  luminance,
  SAME_COLOR_DISTANCE,
} from './colors';

type Colors = NonNullable<BrandingProfile['colors']>;

export interface Palette {
  colors: Colors;
  colorScheme: 'light' | 'dark';
  /** What the roles were chosen from, for the model. */
  entries: BrandingPaletteEntry[];
}

/** Below this the page background reads as a dark theme. */
const DARK_LUMINANCE = 0.4;
/** Text below this contrast with what lies behind it is decoration, not reading text. */
const READABLE_CONTRAST = 3;
/** Brand colours closer than this are shades of one colour. */
const DISTINCT_BRAND_DISTANCE = 90;
const READING_ROLES: readonly TextRole[] = ['body', 'small', 'h1', 'h2', 'h3', 'h4'];
const HEADING_ROLES: readonly TextRole[] = ['h1', 'h2', 'h3', 'h4'];

const byChars = (texts: readonly TextStyleSample[]): WeightedColor[] =>
  clusterColors(texts.map((text) => ({ color: text.color, weight: text.chars })));

/**
 * Points a colour earns as the brand's: filled buttons count most (larger and above the fold more), then coloured
 * links, headings, text and coloured areas of the first screen. Greys, black and white earn none.
 */
function brandPoints(sample: BrandingSample, links: readonly WeightedColor[]): WeightedColor[] {
  const points: WeightedColor[] = [];
  const add = (color: string | null, weight: number): void => {
    if (color && weight > 0 && isChromatic(color)) points.push({ color, weight });
  };
  for (const button of sample.buttons) {
    const fold = button.top < sample.viewport.height ? 1.5 : 1;
    if (button.background) add(button.background, (4 + Math.min(4, button.area / 10_000)) * fold);
    else add(button.borderColor ?? button.color, 2 * fold);
  }
  for (const link of links) add(link.color, 1 + 3 * Math.min(1, link.weight / 200));
  const headings = sample.texts.filter((text) => HEADING_ROLES.includes(text.role));
  for (const heading of byChars(headings)) add(heading.color, 2 * Math.min(1, heading.weight / 100));
  for (const text of byChars(sample.texts.filter((text) => text.role === 'body'))) {
    add(text.color, 2 * Math.min(1, text.weight / 500));
  }
  const cells = sample.backgrounds.reduce((sum, entry) => sum + entry.weight, 0) || 1;
  for (const background of sample.backgrounds) add(background.color, (10 * background.weight) / cells);
  return clusterColors(points, SAME_COLOR_DISTANCE * 1.5);
}

function distinctFrom(color: string, others: readonly (string | undefined)[]): boolean {
  return others.every((other) => other === undefined || colorDistance(color, other) >= DISTINCT_BRAND_DISTANCE);
}

/**
 * Colour roles from what the page paints: the background covering most of the first screen, the text colour
 * carrying most readable text and the next one, the links' colour, and the brand colours ranked by
 * {@link brandPoints}. A page without any coloured element takes its primary from its main button, else its text.
 */
export function paletteOf(sample: BrandingSample, primaryButtonFill?: string | null): Palette {
  const backgrounds = clusterColors(sample.backgrounds);
  const background = backgrounds[0]?.color ?? '#ffffff';
  const readable = sample.texts.filter(
    (text) => READING_ROLES.includes(text.role) && contrastRatio(text.color, text.background) >= READABLE_CONTRAST,
  );
  const texts = byChars(readable.length > 0 ? readable : sample.texts);
  const textPrimary = texts[0]?.color;
  const readingChars = texts.reduce((sum, entry) => sum + entry.weight, 0);
  const textSecondary = texts.find(
    (entry) =>
      entry.color !== textPrimary &&
      !isChromatic(entry.color) &&
      entry.weight >= readingChars * 0.02 &&
      colorDistance(entry.color, background) >= SAME_COLOR_DISTANCE,
  )?.color;
  const links = byChars(sample.texts.filter((text) => text.role === 'link'));
  const brand = brandPoints(sample, links);

  const primary =
    brand[0]?.color ??
    (primaryButtonFill && colorDistance(primaryButtonFill, background) >= SAME_COLOR_DISTANCE
      ? primaryButtonFill
      : textPrimary);
  const secondary = brand.find((entry) => distinctFrom(entry.color, [primary]))?.color;
  const accent = brand.find((entry) => distinctFrom(entry.color, [primary, secondary]))?.color;

  const colors: Colors = {};
  const set = (role: string, color: string | undefined): void => {
    if (color) colors[role] = canonicalHex(color);
  };
  set('primary', primary);
  set('secondary', secondary);
  set('accent', accent);
  set('background', background);
  set('textPrimary', textPrimary);
  set('textSecondary', textSecondary);
  set('link', links[0]?.color);

  return {
    colors,
    colorScheme: luminance(background) < DARK_LUMINANCE ? 'dark' : 'light',
    entries: paletteEntries([
      ['background', shares(backgrounds.slice(0, 4))],
      ['text', shares(texts.slice(0, 4))],
      ['link', shares(links.slice(0, 2))],
      ['brand', shares(brand.slice(0, 5))],
    ]),
  };
}

function shares(entries: readonly WeightedColor[]): WeightedColor[] {
  const total = entries.reduce((sum, entry) => sum + entry.weight, 0) || 1;
  return entries.map((entry) => ({ color: entry.color, weight: Math.round((entry.weight / total) * 100) / 100 }));
}

/** One entry per colour, with every role it was seen in and its largest share. */
function paletteEntries(groups: Array<[string, WeightedColor[]]>): BrandingPaletteEntry[] {
  const entries = new Map<string, BrandingPaletteEntry>();
  for (const [role, colors] of groups) {
    for (const { color, weight } of colors) {
      const hex = canonicalHex(color);
      const entry = entries.get(hex) ?? { color: hex, weight: 0, roles: [] };
      entry.weight = Math.max(entry.weight, weight);
      if (!entry.roles.includes(role)) entry.roles.push(role);
      entries.set(hex, entry);
    }
  }
  return [...entries.values()];
}
