import { closestNamed, elementsSaying, foldedText, textNodesUnder } from '../../dom/dom-walk';
import { headingsIn } from '../../dom/headings';
import { HEADING_TAGS } from '../../scan/heading-tags';
import { CLOSING_TITLE } from './closing-sections';
import { isWholeLine, removeSectionOpenedBy } from './headed-sections';

// A share bar's label heads its buttons only, which are gone by now (icons without text): at the top of a post, what
// follows it is the post. "Share this:" alone is Jetpack's.
const SHARE_PHRASES = ['share this(?: (?:recipe|post|article|story)|(?=[\\s:!.…]*$))', 'pin (?:this |it )?for later'];
const SHARE_LABEL = new RegExp(`^(?:${SHARE_PHRASES.join('|')})`, 'i');
// Headings that introduce what the site offers next rather than what the page says: related posts and products,
// "you may also like", "customers also viewed"; and its calls to the reader: share, pin, join the newsletter, follow,
// support us. Looser phrases ("Read next", "More to explore", "Comments", "About the author", "Take the next step")
// head the content itself often enough on listings, forums and articles to be left.
const PROMOTIONAL_PHRASES = [
  "you(?:'ll| might| may| will)? (?:also )?(?:like|love|enjoy)",
  '(?:more|other) (?:[\\w"\'’]+ ){0,3}(?:posts|articles|stories|recipes|reads) (?:you|like|related)',
  'related (?:posts|articles|stories|content|reading|products|items|links|guides|searches)',
  'what others are reading',
  'recommended (?:for you|reading|articles|stories|products|items)',
  'people (?:who )?(?:viewed|bought|also)',
  'customers who (?:viewed|bought)',
  '(?:customers|shoppers) also (?:viewed|bought)',
  'popular (?:posts|articles)',
  "(?:trending (?:now|posts|articles|stories|searches|courses)|what[’']s trending)",
  'you (?:may|might) (?:also )?be interested',
  ...SHARE_PHRASES,
  "(?:join|subscribe to|sign up for|get) (?:our|the) (?:[\\w'’]+ ){0,3}(?:newsletter|mailing list|community)",
  'follow (?:us|me)\\b',
  'support (?:us|our (?:work|journalism))',
  '(?:this|our) (?:story|journalism|work) is (?:funded|supported|made possible) by readers',
  'share your story',
  'notify me when',
  'talk to (?:one of )?our (?:[\\w-]+ ){0,3}experts',
].join('|');
const PROMOTIONAL_HEADING = new RegExp(`^(?:${PROMOTIONAL_PHRASES})`, 'i');
// On a story, the headings of a news site's rails of other stories after it: "More from CFR", "Most read", "Latest
// news", "Read next", "In case you missed it". On a listing or a news front these head the content itself, so they
// count only on articles, and only as a short heading that says nothing else. "Up next" is left: writers also head a
// teaser of their own next part with it, which the story keeps.
const STORY_RAIL_HEADING =
  /^(?:more from\b[^.?!]{0,40}|(?:most (?:read|popular|viewed|shared)|latest (?:news|posts|stories|articles|headlines))\b[^.?!]{0,30}|(?:what to )?read next|in case you missed it|you may have missed)[\s:!.…]*$/i;
// A section that asks the reader to write to the business ("Contact us", "Get in touch") and holds its form, its
// phone number or its people's cards. Only as the whole heading or line: "Contact us for a quote" may open a page's
// own section on its prices, and "[contact us](...)" inside a sentence is the writer's.
const CONTACT_HEADING = /^(?:contact us|get in touch)[\s:!.…]*$/i;
// Sites also title such sections with a line of bold or capitals outside any heading element ("You might like",
// "PIN FOR LATER"); such a line says the phrase and nothing else.
const PROMOTIONAL_LABEL = new RegExp(`^(?:${PROMOTIONAL_PHRASES})[\\s:!.…]*$`, 'i');
const PROMOTIONAL_OR_CONTACT_LABEL = new RegExp(`${PROMOTIONAL_LABEL.source}|${CONTACT_HEADING.source}`, 'i');
// On an article, its closing sections' titles too (closing-sections.ts), looked for in the same walk of the text.
const ARTICLE_LABEL = new RegExp(`${PROMOTIONAL_OR_CONTACT_LABEL.source}|${CLOSING_TITLE.source}`, 'i');
// A line of its own that recommends one more of the site's stories in the middle of the text: "Related: <a>Five tips
// for tempo runs</a>", the label often in bold. "Read more:" and "Also read:" lines are left: writers use them for
// their sources as often as for the site's other stories.
const RELATED_LABEL = /^related(?: (?:article|story|post|reading|content)s?)?\s*:?$/i;
const RELATED_LINE = /^related(?: (?:article|story|post|reading|content)s?)?\s*:\s*(.+)$/i;
const RELATED_LINE_MAX_CHARS = 200;
const LINE_BLOCKS = new Set(['p', 'div', 'li', ...HEADING_TAGS]);
const HEADINGS = new Set(HEADING_TAGS);

/**
 * The elements outside headings whose whole text is a promotional phrase, or a contact heading's (or on an `article` a
 * closing section's title) when they are a line of their own. All are looked for in one walk of the text.
 */
function promotionalLabels(content: Element, article: boolean): Element[] {
  return elementsSaying(content, article ? ARTICLE_LABEL : PROMOTIONAL_OR_CONTACT_LABEL).filter(
    (label) => !closestNamed(label, HEADINGS) && (PROMOTIONAL_LABEL.test(foldedText(label)) || isWholeLine(label)),
  );
}

/** The text of `element`'s links, folded. */
function linkText(element: Element): string {
  return Array.from(element.getElementsByTagName('a'), (link) => foldedText(link)).join(' ');
}

/** The lines that say "Related:" and then nothing but a link ({@link RELATED_LINE}). */
function relatedLines(content: Element): Element[] {
  const lines: Element[] = [];
  for (const text of textNodesUnder(content)) {
    if (!RELATED_LABEL.test((text.nodeValue ?? '').trim())) continue;
    let line = text.parentElement;
    while (line && line !== content && !LINE_BLOCKS.has(line.localName)) line = line.parentElement;
    if (!line || line === content) continue;
    const lineText = foldedText(line);
    const linked = lineText.length <= RELATED_LINE_MAX_CHARS ? RELATED_LINE.exec(lineText)?.[1] : undefined;
    if (linked !== undefined && linkText(line).length >= linked.length) lines.push(line);
  }
  return lines;
}

/**
 * Whether `heading` opens a recommendation or a call to the reader (on an article, also a rail of other stories or
 * one of its closing sections).
 */
function isPromotionalHeading(heading: Element, article: boolean): boolean {
  const text = foldedText(heading);
  if (PROMOTIONAL_HEADING.test(text) || CONTACT_HEADING.test(text)) return true;
  return article && (STORY_RAIL_HEADING.test(text) || CLOSING_TITLE.test(text));
}

/**
 * Removes from `content` the lines that recommend another story ("Related: <a>...</a>") and the sections headed as
 * recommendations or calls to the reader, or, on an `article`, as rails of other stories or as its closing sections
 * (its sources, the note on its writer): the block that opens with
 * such a heading (or a line saying nothing but such a phrase), or, when that block is the heading alone, the heading
 * and the siblings after it up to the next heading of its rank (after a share bar's label, only the siblings left
 * empty: its buttons).
 */
export function removePromotionalSections(content: Element, article = false): void {
  for (const line of relatedLines(content)) line.remove();
  const headings = headingsIn(content).filter((heading) => isPromotionalHeading(heading, article));
  for (const heading of [...headings, ...promotionalLabels(content, article)]) {
    removeSectionOpenedBy(heading, content, SHARE_LABEL.test(foldedText(heading)));
  }
}
