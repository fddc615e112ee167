import type { BrandingLogoCandidate } from '@wh/contracts';
import type { LogoSample } from './branding-sample';

/** Below this score a candidate is only an image near the top, not a logo. */
export const MIN_LOGO_SCORE = 3;
const MAX_CANDIDATES = 8;

/** Why a candidate looks like the site's logo, and how much each reason counts. */
function reasonsOf(logo: LogoSample, viewportWidth: number): Array<[string, number]> {
  const file = logo.kind === 'svg' ? '' : (logo.src?.split(/[?#]/)[0]?.split('/').pop() ?? '');
  const words = `${logo.alt} ${logo.name} ${file}`;
  const reasons: Array<[string, number]> = [];
  if (logo.inHeader) reasons.push(['header', 3]);
  if (logo.linksHome) reasons.push(['links-home', 3]);
  if (/logo/i.test(words)) reasons.push(['named-logo', 3]);
  else if (/brand/i.test(words)) reasons.push(['named-brand', 1]);
  if (logo.kind === 'svg') reasons.push(['svg', 1]);
  if (logo.top < 200) reasons.push(['near-top', 1]);
  if (logo.left < viewportWidth / 3) reasons.push(['left', 1]);
  if (logo.width > 600 || logo.height > 250) reasons.push(['too-large', -4]);
  if (logo.width < 16 || logo.height < 12) reasons.push(['too-small', -3]);
  if (/icon|avatar|menu|search|close|arrow|chevron|cart/i.test(words)) reasons.push(['named-icon', -2]);
  return reasons;
}

/** Logo candidates with a source, best first, scored by where they sit, where they link and what they are called. */
export function rankLogos(logos: readonly LogoSample[], viewportWidth: number): BrandingLogoCandidate[] {
  return logos
    .filter((logo): logo is LogoSample & { src: string } => logo.src !== null)
    .map((logo, order) => {
      const reasons = reasonsOf(logo, viewportWidth);
      return {
        candidate: {
          src: logo.src,
          kind: logo.kind,
          alt: logo.alt,
          score: reasons.reduce((sum, [, points]) => sum + points, 0),
          reasons: reasons.map(([reason]) => reason),
        },
        order,
      };
    })
    .sort((a, b) => b.candidate.score - a.candidate.score || a.order - b.order)
    .slice(0, MAX_CANDIDATES)
    .map(({ candidate }) => candidate);
}

/** The logo the heuristics pick: the best candidate when it scores as one. */
export function pickLogo(ranked: readonly BrandingLogoCandidate[]): string | null {
  const best = ranked[0];
  return best && best.score >= MIN_LOGO_SCORE ? best.src : null;
}
