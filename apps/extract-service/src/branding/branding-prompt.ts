import type { BrandingEvidence, BrandingProfile } from '@wh/contracts';
import { fenceUntrusted, type PromptMessages, untrustedRule } from '@wh/extraction';
import { BRAND_ENERGIES, BRAND_TONES } from '@wh/contracts';

/** Characters of a logo candidate's address shown to the model: enough for its file name, never a whole inline SVG. */
const SHOWN_SRC_CHARS = 160;

/** Opening words of the system message; tests' fake model recognises the task by them. */
export const BRANDING_PROMPT_OPENING = 'You review the branding measured on a web page';

function candidateLines(evidence: BrandingEvidence): string {
  if (evidence.logoCandidates.length === 0) return '(none)';
  return evidence.logoCandidates
    .map((candidate, index) => {
      const src = candidate.kind === 'svg' ? 'inline SVG' : candidate.src.slice(0, SHOWN_SRC_CHARS);
      return `${index}: ${candidate.kind}, ${src}, alt "${candidate.alt}", seen as ${candidate.reasons.join(' ')}`;
    })
    .join('\n');
}

/**
 * The one call of the `branding` format: the heuristics' roles, the measured palette, the raw font names and the logo
 * candidates as facts, the page's own words fenced as untrusted data.
 */
export function brandingMessages(input: {
  url: string;
  profile: BrandingProfile;
  evidence: BrandingEvidence;
}): PromptMessages {
  const { evidence, profile } = input;
  const page = fenceUntrusted('PAGE', evidence.text);
  const system = [
    `${BRANDING_PROMPT_OPENING}, measured from the computed styles of the rendered page.`,
    untrustedRule(page, "The page's title, description, headings and button labels"),
    'Answer with JSON only:',
    '- "colors": for each role (primary, secondary, accent, background, textPrimary, textSecondary, link) one colour',
    '  of the measured palette, written as given, or null to keep the measured choice. primary is the colour the brand',
    '  is recognised by (calls to action, links, highlights), not a grey unless the brand has no colour.',
    '- "fonts": each measured font name with the family it is, cleaned of build hashes, prefixes and fallbacks',
    '  ("__Inter_5a1b2c" is "Inter").',
    '- "logoIndex": the number of the candidate that is the site\'s own logo, or null if none is.',
    `- "personality": "tone" (one of ${BRAND_TONES.join(', ')}), "energy" (${BRAND_ENERGIES.join(', ')}) and`,
    '  "targetAudience" (a short phrase), read from the page\'s words and its design.',
  ].join('\n');
  const user = [
    `Page URL: ${input.url}`,
    `Colour scheme: ${profile.colorScheme ?? 'unknown'}`,
    `Measured colour roles: ${JSON.stringify(profile.colors ?? {})}`,
    `Measured palette (share of its role, roles): ${JSON.stringify(evidence.palette)}`,
    `Measured fonts, most used first: ${JSON.stringify(evidence.fonts)}`,
    `Logo candidates, best measured first:\n${candidateLines(evidence)}`,
    '',
    page.block,
  ].join('\n');
  return { system, user };
}
