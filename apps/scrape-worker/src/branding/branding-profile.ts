import type { BrandingEvidence, BrandingProfile } from '@wh/contracts';
import type { BrandingSample } from './branding-sample';
import { buttonStyle, rankButtons } from './buttons';
import { canonicalHex } from './colors';
import { pickLogo, rankLogos } from './logo-ranking';
import { paletteOf } from './palette';
import { baseUnit, medianRadius } from './spacing';
import { fontsInUse, typographyOf } from './typography';

/** Most characters of page text handed to the model for the brand's personality. */
const EVIDENCE_TEXT_CHARS = 2_000;

/** The heuristics' profile of a sampled page, and the evidence the model may refine it from. */
export interface SampledBranding {
  profile: BrandingProfile;
  evidence: BrandingEvidence;
}

/** Builds the branding profile from a page's sample without a model: every field is read from what the page paints. */
export function brandingFromSample(sample: BrandingSample): SampledBranding {
  const pageBackground = sample.backgrounds[0]?.color ?? '#ffffff';
  const buttons = rankButtons(sample.buttons, pageBackground, sample.viewport.height);
  const palette = paletteOf(sample, buttons.primary?.background);
  const logos = rankLogos(sample.logos, sample.viewport.width);
  const logo = pickLogo(logos);
  const fonts = fontsInUse(sample.texts);
  const unit = baseUnit(sample.spacings);
  const input = sample.inputs.find((candidate) => candidate.borderColor !== null) ?? sample.inputs[0];

  const profile: BrandingProfile = {
    colorScheme: palette.colorScheme,
    ...(sample.siteName ? { brandName: sample.siteName } : {}),
    logo,
    fonts,
    colors: palette.colors,
    typography: typographyOf(sample.texts),
    spacing: { ...(unit !== undefined ? { baseUnit: unit } : {}), borderRadius: `${medianRadius(sample.radii)}px` },
    components: {
      ...(buttons.primary ? { buttonPrimary: buttonStyle(buttons.primary) } : {}),
      ...(buttons.secondary ? { buttonSecondary: buttonStyle(buttons.secondary) } : {}),
      ...(input
        ? {
            input: {
              ...(input.borderColor ? { borderColor: canonicalHex(input.borderColor) } : {}),
              borderRadius: `${input.radius}px`,
            },
          }
        : {}),
    },
    images: { logo, favicon: sample.favicon, ogImage: sample.ogImage },
  };
  const text = [sample.title, sample.description, ...sample.phrases]
    .filter(Boolean)
    .join('\n')
    .slice(0, EVIDENCE_TEXT_CHARS);
  return {
    profile,
    evidence: { palette: palette.entries, fonts: fonts.map((font) => font.family), logoCandidates: logos, text },
  };
}
