import type { BrandingEvidence, BrandingProfile } from '@wh/contracts';
import { type BrandingAnswer, REFINED_COLOR_ROLES } from './branding-answer';

const HEX = /^#[0-9a-f]{6}$/i;

/** A colour the page was measured painting, as the palette writes it, or undefined for anything else. */
function measured(color: string | null | undefined, evidence: BrandingEvidence): string | undefined {
  if (!color || !HEX.test(color.trim())) return undefined;
  const wanted = color.trim().toUpperCase();
  return evidence.palette.find((entry) => entry.color.toUpperCase() === wanted)?.color;
}

/**
 * The heuristics' profile with the model's answer applied where the answer holds up: colour roles only to colours the
 * page was measured painting, font names only for fonts that were measured, the logo only from the candidates. What
 * the answer leaves out or gets wrong stays as measured; personality is the model's alone.
 */
export function refineProfile(
  profile: BrandingProfile,
  answer: BrandingAnswer,
  evidence: BrandingEvidence,
): BrandingProfile {
  const colors = { ...profile.colors };
  for (const role of REFINED_COLOR_ROLES) {
    const color = measured(answer.colors[role], evidence);
    if (color) colors[role] = color;
  }

  const names = new Map<string, string>();
  for (const { original, family } of answer.fonts) {
    const clean = family.trim();
    if (evidence.fonts.includes(original) && clean) names.set(original, clean);
  }
  const families = profile.typography?.fontFamilies;
  const typography = profile.typography && {
    ...profile.typography,
    ...(families
      ? {
          fontFamilies: Object.fromEntries(
            Object.entries(families).map(([role, family]) => [role, family && (names.get(family) ?? family)]),
          ),
        }
      : {}),
  };

  const chosen = answer.logoIndex === null ? undefined : evidence.logoCandidates[answer.logoIndex];
  const logo = chosen ? chosen.src : profile.logo;
  return {
    ...profile,
    logo,
    fonts: profile.fonts?.map((font) => ({ ...font, family: names.get(font.family) ?? font.family })),
    colors,
    ...(typography ? { typography } : {}),
    images: { ...profile.images, logo },
    personality: {
      tone: answer.personality.tone,
      energy: answer.personality.energy,
      targetAudience: answer.personality.targetAudience.trim(),
    },
  };
}
