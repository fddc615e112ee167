import { visibleChars } from '../../dom/text-measure';
import { classOrIdSays } from './named-boilerplate';

// Class and id words of the box about an article's writer that sites draw under or beside every article ("about the
// author", "author-bio", "author-box", "contributor-bio", "writer-card", and "saboxplugin-wrap", the box of
// WordPress' Simple Author Box plugin): the same lines on each of the writer's pages, not what this one says. A byline
// ("author", "byline", "post-author") is not one of them; it stays with the article it signs.
const AUTHOR_BOX_WORD =
  /(?:^|[\s_-])(?:(?:author|contributor|writer)[_-]?(?:bio|box|profile|card|desc|description)|about[_-]?(?:the[_-]?)?(?:author|contributor|writer)|saboxplugin-wrap)(?:$|[\s_-])/i;
// A box about the writer is a photo, a name, a paragraph and links; a block so named holding more is the article
// itself under a theme's odd name.
const MAX_BOX_CHARS = 1500;

/** Whether the class (given, as it is already at hand) or id of `element` names it as a box about the writer. */
export function isAuthorBox(element: Element, className: string): boolean {
  return classOrIdSays(element, AUTHOR_BOX_WORD, className);
}

/**
 * Removes from an article page's document the boxes named as about the writer, before Readability reads it:
 * Readability turns a `<div>` holding one paragraph into that paragraph and drops the name, so the box it keeps
 * (the writer's name and note, under the story) can no longer be told by its class afterwards. One walk down the
 * tree, not a search of every element (`getElementsByTagName('*')` costs jsdom a whole page's time on large pages).
 */
export function removeAuthorBoxes(root: Element): void {
  let child = root.firstElementChild;
  while (child) {
    const next = child.nextElementSibling;
    if (
      isAuthorBox(child, child.getAttribute('class') ?? '') &&
      child.getElementsByTagName('h1').length === 0 &&
      visibleChars(child) <= MAX_BOX_CHARS
    ) {
      child.remove();
    } else {
      removeAuthorBoxes(child);
    }
    child = next;
  }
}
