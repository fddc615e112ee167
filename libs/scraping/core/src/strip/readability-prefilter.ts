import type { TagAttributes } from '../scan/html-scan';
import { HEADING_TAGS } from '../scan/heading-tags';
import { isStreamedSegment } from './streamed-segments';

// These mirror the patterns @mozilla/readability 0.6 removes in its first pass (_grabArticle, _isProbablyVisible) and
// unconditionally from the article (_prepArticle). Applying them while streaming drops the same subtrees before jsdom
// has to build them: every element jsdom does not create saves tens of microseconds. Keep in step on upgrades.
export const UNLIKELY_CANDIDATES =
  /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote/i;
const MAYBE_CANDIDATE = /and|article|body|column|content|main|shadow/i;
// The words of UNLIKELY_CANDIDATES that name a discussion. On a page that is itself a discussion they name its posts,
// while the rest (sidebar, header, footer, extra...) still name the furniture around and inside them.
const DISCUSSION_WORDS = /comment|community|disqus|remark|replies/gi;
const UNLIKELY_ROLES = new Set(['menu', 'menubar', 'complementary', 'navigation', 'alert', 'alertdialog', 'dialog']);
const ALWAYS_CLEANED = new Set(['footer', 'aside', 'button', 'input', 'textarea', 'select']);
const INVISIBLE_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\b/i;
// The display utilities of CSS frameworks (Bootstrap, Stack Overflow's Stacks, Foundation): `d-none` and `hide` hide an
// element at every screen width, unless a responsive class (`d-md-block`, `show@medium`, `show-for-large`) shows it
// from some width on. Threads use them for the machine-readable copy of each post's date and author, shops for their
// mobile menus. Tailwind's `hidden` is left alone: its pages hide with it tab panels that a click shows.
const HIDDEN_CLASS = /(?:^|\s)(?:d-none|hide)(?:\s|$)/;
const RESPONSIVE_DISPLAY_CLASS = /(?:^|\s)(?:d-(?:sm|md|lg|xl|xxl)-|show[@-])/;
// Class words of an accordion's or a collapsible section's panel ("cdr-accordion__content", "collapse").
const COLLAPSIBLE_PANEL_CLASS = /(?:^|[\s_-])(?:accordion|collaps\w*)/i;
// Readability spares unlikely-looking nodes inside tables and code, looking at most this many ancestors up.
const ANCESTOR_DEPTH = 4;
const EXEMPT = new Set(['html', 'body']);
// A heading's id is most often its own text made into an anchor ("h-what-is-social-shopping", "related-work"): it names
// what the heading says, not what kind of block it is. Readability reads it as a name and drops the heading, then may put
// it back when it retries without that test; a heading dropped here never comes back.
const HEADINGS = new Set(HEADING_TAGS);
// A heading's class that calls it the header of its block ("section-header", "recipe__tips-header") says what a heading
// is, the title of what follows; Readability reads "header" as the page's header and drops the heading with its text.
const HEADER_CLASS_WORDS = /\S*header\S*/gi;
const HEADER_WORD = /header/i;
// Utility classes that weigh, size or space text ("font-extrabold", "leading-extra-tight", "a-spacing-extra-large") say
// how it looks; Readability reads their "extra" as a block of extras beside the content and drops the text.
const STYLE_EXTRA_WORDS = /\S*extra[-_]?(?:bold|light|tight|wide|widest|loose|spacing|space|padding)\S*/gi;
const EXTRA_WORD = /extra/i;
// The state words of a collapsed panel's class ("accordion-panel-hidden", "is-hidden"): the panel is hidden only until
// its control is chosen, and Readability weighs a class saying "hidden" against the block and drops its text.
const HIDDEN_STATE_WORDS = /\S*hidden\S*/gi;
const HIDDEN_WORD = /hidden/i;

function isInvisible(name: string, attributes: TagAttributes, controlled: boolean): boolean {
  // A tab panel, or any panel labelled by the control that opens it (an accordion's answer, a collapsed section), is
  // hidden only until that control is chosen: its text is part of the page's content, though Readability would drop it.
  if (attributes.role === 'tabpanel' || attributes['aria-labelledby'] !== undefined) return false;
  // A segment React streams in is hidden only until its script moves it into place (streamed-segments.ts).
  if (attributes.hidden !== undefined) return !isStreamedSegment(name, attributes);
  const className = attributes.class ?? '';
  // So is an accordion's panel that a control names (`aria-controls`) and that is hidden from assistive technology
  // alone: a menu or a dialog a button opens is no accordion, and a "read more" toggle's rest is not named one.
  const collapsedPanel = controlled && COLLAPSIBLE_PANEL_CLASS.test(className);
  if (attributes['aria-hidden'] === 'true' && !className.includes('fallback-image') && !collapsedPanel) return true;
  if (HIDDEN_CLASS.test(className) && !RESPONSIVE_DISPLAY_CLASS.test(className)) return true;
  return attributes.style !== undefined && INVISIBLE_STYLE.test(attributes.style);
}

function hasNearAncestor(ancestors: readonly string[], names: readonly string[]): boolean {
  for (let i = ancestors.length - 1; i >= Math.max(0, ancestors.length - ANCESTOR_DEPTH); i -= 1) {
    if (names.includes(ancestors[i])) return true;
  }
  return false;
}

/**
 * Whether Readability would remove this element (and so everything inside it) before or while choosing the main
 * content for what it is: its element name, role or visibility. What its class or id says is a separate question
 * ({@link isUnlikelyByName}). `controlled` says that an earlier control names the element in its `aria-controls`.
 */
export function isDroppedByReadability(name: string, attributes: TagAttributes, controlled = false): boolean {
  if (EXEMPT.has(name)) return false;
  return ALWAYS_CLEANED.has(name) || isHiddenOrNavigation(name, attributes, controlled);
}

/**
 * Whether Readability would remove this element for its visibility or its role, whatever its name: the part of
 * {@link isDroppedByReadability} that still holds for an element the pre-filter copies where Readability would not.
 */
export function isHiddenOrNavigation(name: string, attributes: TagAttributes, controlled = false): boolean {
  return isInvisible(name, attributes, controlled) || isNavigationOrAside(name, attributes);
}

/** Whether an element is an accordion's or a disclosure's control: a button that says whether its panel is open. */
export function isDisclosureButton(name: string, attributes: TagAttributes): boolean {
  return name === 'button' && attributes['aria-expanded'] !== undefined;
}

/**
 * Whether an element is navigation, a menu, a dialog, an alert or a complementary block by its role (part of
 * {@link isDroppedByReadability}): never the main content, whatever else the page's names and styles say.
 */
export function isNavigationOrAside(name: string, attributes: TagAttributes): boolean {
  if (attributes.role !== undefined && UNLIKELY_ROLES.has(attributes.role)) return true;
  // <nav> has the implicit role "navigation". Readability only drops the explicit role, and keeps <nav> on short
  // pages; the API defines main content as excluding navigation.
  return name === 'nav';
}

/**
 * Whether Readability would remove this element for its class or id alone ("sidebar", "header", "comments").
 * `ancestors` are the names of the open elements around it, outermost first. On a `discussionPage` (a thread, a
 * question with its answers) the words naming a discussion ("comment", "replies") count for nothing.
 */
export function isUnlikelyByName(
  name: string,
  attributes: TagAttributes,
  ancestors: readonly string[],
  discussionPage = false,
): boolean {
  // A data table is content whatever its class says ("sticky-header" is how it scrolls); Readability still judges it in
  // its own pass, and the text-dense region keeps it when Readability's reading leaves it out.
  if (name === 'a' || name === 'table' || EXEMPT.has(name)) return false;
  const className = classForReadability(name, attributes.class ?? '');
  const names = HEADINGS.has(name) ? className : `${className} ${attributes.id ?? ''}`;
  const matchString = discussionPage ? names.replace(DISCUSSION_WORDS, ' ') : names;
  return (
    UNLIKELY_CANDIDATES.test(matchString) &&
    !MAYBE_CANDIDATE.test(matchString) &&
    !hasNearAncestor(ancestors, ['table', 'code'])
  );
}

/**
 * An element's class as the copy given to Readability carries it: without the words that say how its text looks, on a
 * heading without those that name it a block's header, and on a collapsible panel without those that say it is hidden.
 */
export function classForReadability(name: string, className: string): string {
  const heading = HEADINGS.has(name);
  const collapsedPanel = HIDDEN_WORD.test(className) && COLLAPSIBLE_PANEL_CLASS.test(className);
  // Every element's class comes through here: most say none of these words, and keep their class as it is.
  if (!EXTRA_WORD.test(className) && !(heading && HEADER_WORD.test(className)) && !collapsedPanel) return className;
  let kept = className.replace(STYLE_EXTRA_WORDS, '');
  if (heading) kept = kept.replace(HEADER_CLASS_WORDS, '');
  if (collapsedPanel) kept = kept.replace(HIDDEN_STATE_WORDS, '');
  return kept.replace(/\s+/g, ' ').trim();
}
