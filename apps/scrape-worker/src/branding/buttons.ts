import type { BrandingButtonStyle } from '@wh/contracts';
import type { ButtonSample } from './branding-sample';
import { canonicalHex, colorDistance, isChromatic, SAME_COLOR_DISTANCE } from './colors';

/** Buttons drawn the same way, counted together. */
export interface ButtonStyleGroup {
  background: string | null;
  color: string;
  borderColor: string | null;
  radius: number;
  area: number;
  count: number;
  top: number;
  names: string;
}

function groupButtons(buttons: readonly ButtonSample[]): ButtonStyleGroup[] {
  const groups = new Map<string, ButtonStyleGroup>();
  for (const button of buttons) {
    const key = [button.background, button.color, button.borderColor, button.radius].join('|');
    const group = groups.get(key);
    if (group) {
      group.area += button.area;
      group.count += 1;
      group.top = Math.min(group.top, button.top);
      group.names = `${group.names} ${button.name}`.slice(0, 400);
    } else {
      groups.set(key, {
        background: button.background,
        color: button.color,
        borderColor: button.borderColor,
        radius: button.radius,
        area: button.area,
        count: 1,
        top: button.top,
        names: button.name,
      });
    }
  }
  return [...groups.values()];
}

const PRIMARY_NAME = /primary|\bcta\b|call-to-action|signup|sign-up|get-started/i;
const SECONDARY_NAME = /secondary|outline|ghost|tertiary/i;

const filledAgainst = (group: ButtonStyleGroup, background: string): boolean =>
  group.background !== null && colorDistance(group.background, background) >= SAME_COLOR_DISTANCE;

const sizePoints = (group: ButtonStyleGroup): number => Math.log10(Math.max(10, group.area)) / 2;

function primaryScore(group: ButtonStyleGroup, background: string, foldAt: number): number {
  let score = sizePoints(group);
  if (filledAgainst(group, background)) score += 2;
  if (group.background && isChromatic(group.background)) score += 3;
  if (PRIMARY_NAME.test(group.names)) score += 2;
  if (SECONDARY_NAME.test(group.names)) score -= 2;
  if (group.top < foldAt) score += 1;
  return score;
}

function secondaryScore(group: ButtonStyleGroup, background: string, foldAt: number): number {
  let score = sizePoints(group);
  if (!filledAgainst(group, background) && group.borderColor) score += 2;
  if (filledAgainst(group, background)) score += 1;
  if (SECONDARY_NAME.test(group.names)) score += 2;
  if (group.top < foldAt) score += 1;
  return score;
}

function best(
  groups: readonly ButtonStyleGroup[],
  score: (group: ButtonStyleGroup) => number,
): ButtonStyleGroup | undefined {
  return [...groups].sort((a, b) => score(b) - score(a))[0];
}

/**
 * The primary button (a filled one, coloured rather than grey, named primary or CTA, above the fold, large) and the
 * secondary one (another look: an outline, or a second fill), from the buttons on the page.
 */
export function rankButtons(
  buttons: readonly ButtonSample[],
  pageBackground: string,
  foldAt: number,
): { primary?: ButtonStyleGroup; secondary?: ButtonStyleGroup } {
  const groups = groupButtons(buttons);
  const primary = best(
    groups.filter((group) => filledAgainst(group, pageBackground) || group.borderColor !== null),
    (group) => primaryScore(group, pageBackground, foldAt),
  );
  const rest = groups.filter(
    (group) =>
      group !== primary &&
      (filledAgainst(group, pageBackground) || group.borderColor !== null) &&
      !(
        primary?.background &&
        group.background &&
        colorDistance(primary.background, group.background) < SAME_COLOR_DISTANCE
      ),
  );
  const secondary = best(rest, (group) => secondaryScore(group, pageBackground, foldAt));
  return { ...(primary ? { primary } : {}), ...(secondary ? { secondary } : {}) };
}

/** A button group as the branding profile describes one. */
export function buttonStyle(group: ButtonStyleGroup): BrandingButtonStyle {
  return {
    background: group.background ? canonicalHex(group.background) : 'transparent',
    textColor: canonicalHex(group.color),
    ...(group.borderColor ? { borderColor: canonicalHex(group.borderColor) } : {}),
    borderRadius: `${group.radius}px`,
  };
}
