import type { CountedValue } from './branding-sample';

/** Units a spacing scale is built on, largest first: the largest that most lengths are multiples of wins. */
const CANDIDATE_UNITS = [12, 10, 8, 6, 5, 4, 2];
/** Share of the lengths a unit must divide to be the page's unit. */
const UNIT_SHARE = 0.7;

/** The step of the page's spacing scale in px (4 for a 4/8/12/16 scale), or undefined without lengths to read. */
export function baseUnit(spacings: readonly CountedValue[]): number | undefined {
  const total = spacings.reduce((sum, entry) => sum + entry.count, 0);
  if (total === 0) return undefined;
  for (const unit of CANDIDATE_UNITS) {
    const divided = spacings.filter((entry) => entry.value % unit === 0).reduce((sum, entry) => sum + entry.count, 0);
    if (divided / total >= UNIT_SHARE) return unit;
  }
  return 1;
}

/** The median corner radius of the boxes that paint one, in px; 0 when every box is square. */
export function medianRadius(radii: readonly CountedValue[]): number {
  const total = radii.reduce((sum, entry) => sum + entry.count, 0);
  if (total === 0) return 0;
  let seen = 0;
  for (const entry of [...radii].sort((a, b) => a.value - b.value)) {
    seen += entry.count;
    if (seen * 2 >= total) return entry.value;
  }
  return 0;
}
