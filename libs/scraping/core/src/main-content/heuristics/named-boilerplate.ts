// Class and id words that name the furniture of a page rather than its content: reviews and ratings under a product,
// items recommended beside it, the facets and sorting above a grid, share buttons, sign-up forms, cookie notices,
// dialogs, carts, log-in forms and wish lists, menus and footers drawn with <div>s. Matched as whole words of a class or
// id ("product-reviews", "filter_panel"), so "preview" or "reviewer-bio" do not match. "Drawer" is not among them: it
// names the sections a page opens in place (a guide's "How we chose" and its FAQ) as often as an off-canvas menu, which
// goes as navigation or as a menu anyway.
const BOILERPLATE_WORD =
  /(?:^|[\s_-])(?:reviews?|ratings?|related|recommendations?|recommended|upsells?|cross-?sells?|recently-?viewed|facets?|filters?|sort-?by|breadcrumbs?|newsletter|share|sharing|social|footer|subscribe|signup|cookies?|consent|modal|popup|megamenu|navbar|announcement|cart|minicart|login|signin|wishlist)(?:$|[\s_-])/i;

/** The first name in a class attribute, which says what kind of block an element is. */
export function firstClass(className: string): string {
  const trimmed = className.trim();
  const space = trimmed.search(/\s/);
  return space < 0 ? trimmed : trimmed.slice(0, space);
}

/**
 * Whether `word` matches `element`'s class (given when it is already at hand) or its id: how the rules that go by a
 * block's name read it.
 */
export function classOrIdSays(
  element: Element,
  word: RegExp,
  className = element.getAttribute('class') ?? '',
): boolean {
  return word.test(className) || word.test(element.getAttribute('id') ?? '');
}

/**
 * Whether the class (given, as it is already at hand) or id of `element` names it as reviews, recommendations,
 * filters and the like. A block holding the page's title heading is content under an unlucky name.
 */
export function isNamedBoilerplate(element: Element, className: string): boolean {
  return classOrIdSays(element, BOILERPLATE_WORD, className) && element.getElementsByTagName('h1').length === 0;
}
