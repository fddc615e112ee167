import type { BrandingProfile } from '@wh/contracts';
import type { TextRole, TextStyleSample } from './branding-sample';

type Typography = NonNullable<BrandingProfile['typography']>;

const HEADING_ROLES: readonly TextRole[] = ['h1', 'h2', 'h3', 'h4'];
const READING_ROLES: readonly TextRole[] = ['body', 'link', 'small'];
/** Line height CSS's `normal` comes to in common fonts. */
const NORMAL_LINE_HEIGHT = 1.2;

/** The families of a computed `font-family`, unquoted, in order. */
export function fontStack(family: string): string[] {
  return family
    .split(',')
    .map((name) => name.trim().replace(/^["']|["']$/g, ''))
    .filter(Boolean);
}

/** The family a `font-family` list names first: the one the page asked for. */
export function firstFamily(family: string): string {
  return fontStack(family)[0] ?? family.trim();
}

/** The value carrying the most characters among `texts`, by `key`. */
function dominant<T>(texts: readonly TextStyleSample[], key: (text: TextStyleSample) => T): T | undefined {
  const totals = new Map<T, number>();
  for (const text of texts) totals.set(key(text), (totals.get(key(text)) ?? 0) + text.chars);
  let best: T | undefined;
  let bestChars = 0;
  for (const [value, chars] of totals) {
    if (chars > bestChars) {
      best = value;
      bestChars = chars;
    }
  }
  return best;
}

/** The line height under half of the characters, `normal` read as 1.2. */
function medianLineHeight(texts: readonly TextStyleSample[]): number | undefined {
  const sorted = texts
    .map((text) => ({ value: text.lineHeight ?? NORMAL_LINE_HEIGHT, chars: text.chars }))
    .sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, entry) => sum + entry.chars, 0);
  let seen = 0;
  for (const entry of sorted) {
    seen += entry.chars;
    if (seen * 2 >= total) return Math.round(entry.value * 100) / 100;
  }
  return undefined;
}

const ofRoles = (texts: readonly TextStyleSample[], roles: readonly TextRole[]): TextStyleSample[] =>
  texts.filter((text) => roles.includes(text.role));

const sizeOf = (texts: readonly TextStyleSample[], role: TextRole): string | undefined => {
  const size = dominant(ofRoles(texts, [role]), (text) => text.size);
  return size === undefined ? undefined : `${size}px`;
};

/** Fonts in use, most characters first, each with the role it mostly plays. */
export function fontsInUse(texts: readonly TextStyleSample[]): Array<{ family: string; role: string }> {
  const byFamily = new Map<string, TextStyleSample[]>();
  for (const text of texts) {
    const family = firstFamily(text.family);
    byFamily.set(family, [...(byFamily.get(family) ?? []), text]);
  }
  const chars = (list: readonly TextStyleSample[]): number => list.reduce((sum, text) => sum + text.chars, 0);
  return [...byFamily.entries()]
    .sort(([, a], [, b]) => chars(b) - chars(a))
    .map(([family, list]) => {
      const role = dominant(list, (text) =>
        HEADING_ROLES.includes(text.role) ? 'heading' : text.role === 'code' ? 'code' : 'body',
      );
      return { family, role: role ?? 'body' };
    });
}

/** Families, sizes, weights and line heights by role, each the one carrying the most characters. */
export function typographyOf(texts: readonly TextStyleSample[]): Typography {
  const reading = ofRoles(texts, READING_ROLES);
  const headings = ofRoles(texts, HEADING_ROLES);
  const primaryStack = dominant(reading.length > 0 ? reading : texts, (text) => text.family);
  const headingStack = dominant(headings, (text) => text.family);
  const codeStack = dominant(ofRoles(texts, ['code']), (text) => text.family);
  const regular = dominant(ofRoles(texts, ['body']), (text) => text.weight);
  const headingWeight = dominant(headings, (text) => text.weight);
  const weights = new Set(texts.map((text) => text.weight));

  const typography: Typography = {
    fontFamilies: withoutUndefined({
      primary: primaryStack ? firstFamily(primaryStack) : undefined,
      heading: headingStack ? firstFamily(headingStack) : undefined,
      code: codeStack ? firstFamily(codeStack) : undefined,
    }),
    fontStacks: withoutUndefined({
      primary: primaryStack ? fontStack(primaryStack) : undefined,
      heading: headingStack ? fontStack(headingStack) : undefined,
      body: primaryStack ? fontStack(primaryStack) : undefined,
    }),
    fontSizes: withoutUndefined({
      h1: sizeOf(texts, 'h1'),
      h2: sizeOf(texts, 'h2'),
      h3: sizeOf(texts, 'h3'),
      body: sizeOf(texts, 'body'),
      small: sizeOf(texts, 'small'),
    }),
    lineHeights: withoutUndefined({ heading: medianLineHeight(headings), body: medianLineHeight(reading) }),
    fontWeights: withoutUndefined({
      light: [...weights].filter((weight) => weight <= 300).sort((a, b) => b - a)[0],
      regular,
      medium: weights.has(500) ? 500 : undefined,
      bold: headingWeight !== undefined && headingWeight >= 600 ? headingWeight : weights.has(700) ? 700 : undefined,
    }),
  };
  return typography;
}

function withoutUndefined<T extends Record<string, unknown>>(record: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}
