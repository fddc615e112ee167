import type { TextMasses } from './content-region';

// Class and id words that name the furniture of a page rather than its content: reviews and ratings under a product,
// items recommended beside it, the facets and sorting above a grid, share buttons, sign-up forms, cookie notices,
// dialogs and drawers, carts, log-in forms and wish lists, menus and footers drawn with <div>s. Matched as
// whole words of a class or id ("product-reviews", "filter_panel"), so "preview" or "reviewer-bio" do not match.
const BOILERPLATE_WORD =
  /(?:^|[\s_-])(?:reviews?|ratings?|related|recommendations?|recommended|upsells?|cross-?sells?|recently-?viewed|facets?|filters?|sort-?by|breadcrumbs?|newsletter|share|sharing|social|footer|subscribe|signup|cookies?|consent|modal|popup|drawer|megamenu|navbar|announcement|cart|minicart|login|signin|wishlist)(?:$|[\s_-])/i;
// A named block holding more than this share of the region's text is the content itself under an unlucky name.
const MAX_REGION_SHARE = 0.5;

function firstClass(element: Element): string {
  return (element.getAttribute('class') ?? '').trim().split(/\s+/)[0];
}

/**
 * How many of `element`'s children start their class with each name. A child whose name recurs is one of a run of
 * like blocks, which are the items of the content (the reviews of a review round-up, the questions of a FAQ),
 * whatever their class says.
 */
function countFirstClasses(element: Element): Map<string, number> {
  const counts = new Map<string, number>();
  for (const child of Array.from(element.children)) {
    const name = firstClass(child);
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

function isNamedBoilerplate(element: Element): boolean {
  const names = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
  return BOILERPLATE_WORD.test(names) && element.getElementsByTagName('h1').length === 0;
}

/**
 * Removes the blocks of a content region whose class or id names them as reviews, recommendations, filters and the
 * like, unless a block holds most of the region's text or the page's title heading.
 */
export function pruneNamedBoilerplate(region: Element, masses: TextMasses): void {
  const limit = MAX_REGION_SHARE * (masses.get(region)?.chars ?? 0);
  const visit = (element: Element): void => {
    const firstClasses = countFirstClasses(element);
    for (const child of Array.from(element.children)) {
      if ((firstClasses.get(firstClass(child)) ?? 0) > 1) continue;
      if (isNamedBoilerplate(child) && (masses.get(child)?.chars ?? 0) <= limit) child.remove();
      else visit(child);
    }
  };
  visit(region);
}
