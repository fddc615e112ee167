import { elementsUnder } from '../../dom/dom-walk';
import { visibleChars } from '../../dom/text-measure';
import { classOrIdSays } from './named-boilerplate';

// A class or id word that names a block as the site's fine print: "disclaimer", "cmp-richtext--disclaimer",
// "affiliate-disclaimer", "small-form-disclaimer". Whole words only, as named-boilerplate.ts reads them.
const DISCLAIMER_NAME = /(?:^|[\s_-])disclaimers?(?:$|[\s_-])/i;
// A block holding more than this share of the article's text is the article under an unlucky name.
const MAX_ARTICLE_SHARE = 0.5;

/**
 * Removes from an article's `content` the blocks its template names as disclaimers: the investment risks under a fund's
 * page, "Links to Amazon.com" under a shop button, the note on how the site earns. They are the site's fine print,
 * the same under every story, and never what the story says.
 */
export function removeNamedDisclaimers(content: Element): void {
  const limit = MAX_ARTICLE_SHARE * visibleChars(content);
  for (const element of elementsUnder(content)) {
    if (classOrIdSays(element, DISCLAIMER_NAME) && content.contains(element) && visibleChars(element) <= limit)
      element.remove();
  }
}
