// Class and id words of the box about an article's writer that sites draw under or beside every article ("about the
// author", "author-bio", "author-box"): the same lines on each of the writer's pages, not what this one says. A byline
// ("author", "byline") is not one of them; it stays with the article it signs.
const AUTHOR_BOX_WORD =
  /(?:^|[\s_-])(?:author-?(?:bio|box|profile|card|description)|about-?(?:the-?)?author)(?:$|[\s_-])/i;

/** Whether the class (given, as it is already at hand) or id of `element` names it as a box about the writer. */
export function isAuthorBox(element: Element, className: string): boolean {
  return AUTHOR_BOX_WORD.test(className) || AUTHOR_BOX_WORD.test(element.getAttribute('id') ?? '');
}
