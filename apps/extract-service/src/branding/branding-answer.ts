import { BRAND_ENERGIES, BRAND_TONES, type BrandEnergy, type BrandTone } from '@wh/contracts';
import { parseJsonAnswer } from '@wh/extraction';
import type { Reading } from '../extraction/model-asker';

/** Colour roles the model may reassign, each to a colour the page was seen painting. */
export const REFINED_COLOR_ROLES = [
  'primary',
  'secondary',
  'accent',
  'background',
  'textPrimary',
  'textSecondary',
  'link',
] as const;
export type RefinedColorRole = (typeof REFINED_COLOR_ROLES)[number];

/** What the model answers about a page's branding. */
export interface BrandingAnswer {
  colors: Partial<Record<RefinedColorRole, string | null>>;
  /** Each font as the page named it and the family it is (`__Inter_5a1b2c` → `Inter`). */
  fonts: Array<{ original: string; family: string }>;
  /** Index into the logo candidates; null when the model sees none fit. */
  logoIndex: number | null;
  personality: { tone: BrandTone; energy: BrandEnergy; targetAudience: string };
}

const nullableString = { type: ['string', 'null'] };

/** The answer's JSON schema, in the strict subset (every property required, nothing else allowed). */
export const BRANDING_ANSWER_SCHEMA: Record<string, unknown> = {
  type: 'object',
  additionalProperties: false,
  required: ['colors', 'fonts', 'logoIndex', 'personality'],
  properties: {
    colors: {
      type: 'object',
      additionalProperties: false,
      required: [...REFINED_COLOR_ROLES],
      properties: Object.fromEntries(REFINED_COLOR_ROLES.map((role) => [role, nullableString])),
    },
    fonts: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['original', 'family'],
        properties: { original: { type: 'string' }, family: { type: 'string' } },
      },
    },
    logoIndex: { type: ['integer', 'null'] },
    personality: {
      type: 'object',
      additionalProperties: false,
      required: ['tone', 'energy', 'targetAudience'],
      properties: {
        tone: { type: 'string', enum: [...BRAND_TONES] },
        energy: { type: 'string', enum: [...BRAND_ENERGIES] },
        targetAudience: { type: 'string' },
      },
    },
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the model's text as a {@link BrandingAnswer}, or lists what is wrong with it for the repair round. */
export function readBrandingAnswer(text: string): Reading<BrandingAnswer> {
  const parsed = parseJsonAnswer(text);
  if (!parsed.ok) return { ok: false, problems: [parsed.problem] };
  const problems = brandingAnswerProblems(parsed.value);
  return problems.length === 0 ? { ok: true, value: parsed.value as BrandingAnswer } : { ok: false, problems };
}

/** Why a value is not a branding answer; empty when it is one. */
export function brandingAnswerProblems(value: unknown): string[] {
  if (!isRecord(value)) return ['the answer must be a JSON object'];
  const problems: string[] = [];
  const { colors, fonts, logoIndex, personality } = value;
  if (!isRecord(colors)) problems.push('"colors" must be an object of colour roles');
  else {
    for (const [role, color] of Object.entries(colors)) {
      if (color !== null && typeof color !== 'string') problems.push(`colors.${role} must be a string or null`);
    }
  }
  if (
    !Array.isArray(fonts) ||
    !fonts.every((font) => isRecord(font) && typeof font.original === 'string' && typeof font.family === 'string')
  ) {
    problems.push('"fonts" must be an array of {original, family} strings');
  }
  if (logoIndex !== null && !(typeof logoIndex === 'number' && Number.isInteger(logoIndex))) {
    problems.push('"logoIndex" must be an integer or null');
  }
  if (!isRecord(personality)) problems.push('"personality" must be an object');
  else {
    if (!BRAND_TONES.includes(personality.tone as BrandTone))
      problems.push(`personality.tone must be one of ${BRAND_TONES.join(', ')}`);
    if (!BRAND_ENERGIES.includes(personality.energy as BrandEnergy))
      problems.push(`personality.energy must be one of ${BRAND_ENERGIES.join(', ')}`);
    if (typeof personality.targetAudience !== 'string' || !personality.targetAudience.trim())
      problems.push('personality.targetAudience must be a non-empty string');
  }
  return problems;
}
