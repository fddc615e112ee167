import { HEADING_TAGS } from '../scan/heading-tags';
import type { TagAttributes } from '../scan/html-scan';

// Classes that draw an element off screen for screen readers alone (Bootstrap, WordPress, the HTML5 Boilerplate...).
const SCREEN_READER_CLASS =
  /(?:^|\s)(?:sr-only|visually-hidden|visuallyhidden|screen-reader-text|screen-reader-only|u-visually-hidden)(?:\s|$)/;
// In a table such text stands for what the cells show as icons (a comparison's ticks say "Yes" and "No").
const TABLE_CELLS = ['td', 'th'];

/**
 * Whether an element holds text for screen readers alone: skip links, the captions of icon buttons, a variant picker's
 * repeat of the product's name. A reader of the page never sees it, except in a table cell, where it is the only text
 * of what the cell shows, and except a heading, which still titles its section. `ancestors` are the names of the
 * open elements around it.
 */
export function isScreenReaderText(name: string, attributes: TagAttributes, ancestors: readonly string[]): boolean {
  return (
    SCREEN_READER_CLASS.test(attributes.class ?? '') &&
    // A heading drawn off screen still titles the section under it, which the page shows as one without saying so.
    !HEADING_TAGS.includes(name) &&
    !ancestors.some((ancestor) => TABLE_CELLS.includes(ancestor))
  );
}
