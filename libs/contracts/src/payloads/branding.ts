import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import type { ExtractionUsage } from './extraction';

/** Tones a brand's personality is described with (Firecrawl's names). */
export const BRAND_TONES = ['professional', 'playful', 'modern', 'traditional', 'minimalist', 'bold'] as const;
export type BrandTone = (typeof BRAND_TONES)[number];
export const BRAND_ENERGIES = ['low', 'medium', 'high'] as const;
export type BrandEnergy = (typeof BRAND_ENERGIES)[number];

/** A button's look as the page paints it. */
export interface BrandingButtonStyle {
  background?: string;
  textColor?: string;
  borderColor?: string;
  borderRadius?: string;
  [key: string]: string | undefined;
}

/**
 * The `branding` format's answer, shaped as Firecrawl's `BrandingProfile`: colours as `#RRGGBB`, sizes as CSS
 * lengths, URLs absolute. `personality` only comes with an LLM.
 */
export interface BrandingProfile {
  colorScheme?: 'light' | 'dark';
  brandName?: string;
  logo?: string | null;
  fonts?: Array<{ family: string; role?: string; [key: string]: unknown }>;
  colors?: {
    primary?: string;
    secondary?: string;
    accent?: string;
    background?: string;
    textPrimary?: string;
    textSecondary?: string;
    link?: string;
    [key: string]: string | undefined;
  };
  typography?: {
    fontFamilies?: { primary?: string; heading?: string; code?: string; [key: string]: string | undefined };
    fontStacks?: { primary?: string[]; heading?: string[]; body?: string[]; [key: string]: string[] | undefined };
    fontSizes?: {
      h1?: string;
      h2?: string;
      h3?: string;
      body?: string;
      small?: string;
      [key: string]: string | undefined;
    };
    lineHeights?: { heading?: number; body?: number; [key: string]: number | undefined };
    fontWeights?: {
      light?: number;
      regular?: number;
      medium?: number;
      bold?: number;
      [key: string]: number | undefined;
    };
  };
  spacing?: {
    baseUnit?: number;
    borderRadius?: string;
    [key: string]: number | string | Record<string, number> | undefined;
  };
  components?: {
    buttonPrimary?: BrandingButtonStyle;
    buttonSecondary?: BrandingButtonStyle;
    input?: { borderColor?: string; borderRadius?: string; [key: string]: string | undefined };
    [key: string]: unknown;
  };
  images?: {
    logo?: string | null;
    favicon?: string | null;
    ogImage?: string | null;
    [key: string]: string | null | undefined;
  };
  personality?: { tone: BrandTone; energy: BrandEnergy; targetAudience: string };
  [key: string]: unknown;
}

/** One image the page may use as its logo, with what made it a candidate. */
export class BrandingLogoCandidate {
  /** Absolute URL, or a `data:image/svg+xml` URI for an inline SVG. */
  @IsString()
  src!: string;

  @IsIn(['img', 'svg', 'background'])
  kind!: 'img' | 'svg' | 'background';

  @IsString()
  @MaxLength(300)
  alt!: string;

  /** The heuristic's score; candidates arrive best first. */
  @IsNumber()
  score!: number;

  /** Why it scored: `header`, `links-home`, `named-logo`, `svg`, `top-left`... */
  @IsArray()
  @IsString({ each: true })
  reasons!: string[];
}

/** A colour the page paints, with the roles it plays and how much of the page it covers (a share, 0-1). */
export class BrandingPaletteEntry {
  @IsString()
  color!: string;

  @IsNumber()
  weight!: number;

  @IsArray()
  @IsString({ each: true })
  roles!: string[];
}

/** What the heuristics saw, for the model to judge: the colours, raw font names, logo candidates and the page's words. */
export class BrandingEvidence {
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => BrandingPaletteEntry)
  palette!: BrandingPaletteEntry[];

  /** Font families as the page names them (`__Inter_5a1b2c`, `"Helvetica Neue"`), most used first. */
  @IsArray()
  @IsString({ each: true })
  fonts!: string[];

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => BrandingLogoCandidate)
  logoCandidates!: BrandingLogoCandidate[];

  /** The title, description, headings and button labels: what the page says about itself. */
  @IsString()
  @MaxLength(4_000)
  text!: string;
}

/** Request on `extract.branding.refine`: the model's pass over a page's sampled branding. */
export class BrandingRefineRequest {
  @IsString()
  teamId!: string;

  @IsString()
  url!: string;

  /** The heuristics' profile, which the answer refines. */
  @IsObject()
  profile!: BrandingProfile;

  @ValidateNested()
  @Type(() => BrandingEvidence)
  evidence!: BrandingEvidence;

  /** Epoch ms after which nobody waits for the answer any more. */
  @IsInt()
  deadlineAt!: number;

  /** Nothing of the page is cached or logged. */
  @IsBoolean()
  zeroDataRetention!: boolean;
}

/** Reply of `extract.branding.refine`. */
export interface BrandingRefineReply {
  /** The refined profile; absent when no LLM is configured (the heuristics' profile stands). */
  profile?: BrandingProfile;
  usage: ExtractionUsage;
  model?: string;
}
