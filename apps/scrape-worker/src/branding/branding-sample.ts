/**
 * What the in-page sampler reads from a rendered page's computed styles, already grouped so that the answer stays
 * small whatever the page's size. Colours are `#rrggbb` (translucent ones composited onto what lies beneath).
 */
export interface BrandingSample {
  url: string;
  title: string;
  description: string;
  siteName: string;
  /** Headings and button labels, in page order, for the model's reading of the brand. */
  phrases: string[];
  viewport: { width: number; height: number };
  /** The colour behind each point of a grid over the first screen, and how many points it covered. */
  backgrounds: WeightedColor[];
  /** Text runs grouped by how they look; `chars` is the text length painted that way. */
  texts: TextStyleSample[];
  buttons: ButtonSample[];
  inputs: InputSample[];
  logos: LogoSample[];
  /** Padding, margin and gap lengths in px, with how often each was used. */
  spacings: CountedValue[];
  /** Corner radii in px of boxes that paint a background or a border, with their counts. */
  radii: CountedValue[];
  favicon: string | null;
  ogImage: string | null;
}

export interface WeightedColor {
  color: string;
  weight: number;
}

export interface CountedValue {
  value: number;
  count: number;
}

/** Where a run of text sits: headings by level, links, buttons, code, small print, or body text. */
export type TextRole = 'h1' | 'h2' | 'h3' | 'h4' | 'body' | 'link' | 'button' | 'code' | 'small';

export interface TextStyleSample {
  role: TextRole;
  color: string;
  /** The colour painted behind the text. */
  background: string;
  /** The computed `font-family` list as the page wrote it. */
  family: string;
  /** px */
  size: number;
  weight: number;
  /** Line height as a multiple of the font size; null for `normal`. */
  lineHeight: number | null;
  chars: number;
}

export interface ButtonSample {
  text: string;
  /** The colour the button paints (its own, or null when transparent: an outline or text button). */
  background: string | null;
  color: string;
  borderColor: string | null;
  borderWidth: number;
  /** px */
  radius: number;
  /** Painted area in px². */
  area: number;
  /** Distance from the top of the page in px. */
  top: number;
  /** The page's own name for it (id and classes), which often says primary or secondary. */
  name: string;
}

export interface InputSample {
  borderColor: string | null;
  radius: number;
}

export interface LogoSample {
  kind: 'img' | 'svg' | 'background';
  /** Absolute URL, or a `data:image/svg+xml` URI for an inline SVG; null when it has none worth giving. */
  src: string | null;
  alt: string;
  /** id, classes, and for images the file name: where a page says "logo". */
  name: string;
  inHeader: boolean;
  linksHome: boolean;
  top: number;
  left: number;
  width: number;
  height: number;
}
