import type { TextMass } from '../../dom/text-measure';
import { classOrIdSays } from './named-boilerplate';

// Class and id words of what a forum or question-and-answer site draws around every post: the poster's card (join
// date, post count, location), the poster's rank ("Senior Member", "userTitle") and the signature under the post.
// Matched as whole words of a class or id ("post-signature", "postprofile", "user_info"), like the words of
// named-boilerplate.ts.
const POST_FURNITURE_WORD =
  /(?:^|[\s_-])(?:signatures?|postprofile|user-?info|poster-?info|user-?title|member-?title)(?:$|[\s_-])/i;
const SIGNATURE_WORD = /(?:^|[\s_-])signatures?(?:$|[\s_-])/i;
// A post's number in its thread ("#12"), drawn as a link to the post itself.
const POST_NUMBER = /^#\d+$/;
const POST_NUMBER_MAX_CHARS = 8;
// The figures of a poster's card, in whatever block the forum draws them ("Join Date: Aug 2008", "Posts: 1,077",
// "Posts: 116 Threads: 23 Joined: Feb 2019", a <dl> of "Messages: 3"): a label a forum gives its members' counts and
// dates, each with a figure, and nothing else. A label without a figure ("Location: Oslo") says something of the poster
// a post may need, and is left.
const POSTER_FIGURE =
  '(?:join(?:ed| date)|member since|registered|posts|threads|messages|reputation|likes received|reaction score|trophy points): ?[^:\\d]{0,12}\\d[^:]{0,12}?';
const POSTER_FIGURES = new RegExp(`^(?:${POSTER_FIGURE} ?){1,6}$`, 'i');
const POSTER_FIGURES_MAX_CHARS = 120;

/**
 * Whether the class (given, as it is already at hand) or id of `element` names it as the poster's card or signature
 * of a post. Unlike other named boilerplate, such a block goes inside a run of like blocks too: it sits in every post
 * of a thread, and a thread is exactly such a run.
 */
export function isPostFurniture(element: Element, className: string): boolean {
  return classOrIdSays(element, POST_FURNITURE_WORD, className);
}

/**
 * Whether the class or id of `element` names it as a post's signature. Unlike a poster's card (whose name a layout
 * wrapper around the posts sometimes borrows), a signature is never more than the lines under one post.
 */
export function isSignature(element: Element): boolean {
  return classOrIdSays(element, SIGNATURE_WORD);
}

/** Whether text stands beside `element` in its parent: an element inside a sentence rather than apart from it. */
function standsInText(element: Element): boolean {
  for (let node = element.parentNode?.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3 && /\S/.test(node.nodeValue ?? '')) return true;
  }
  return false;
}

/**
 * Whether `element` (measured as `mass`) is nothing but a post's number in its thread, "#12", in a link standing
 * apart: the post's permalink, drawn in the corner of every post. The same figure inside a sentence refers to an
 * issue or a post ("fixed in #12") and stays.
 */
export function isPostNumber(element: Element, mass: TextMass | undefined): boolean {
  return (
    mass !== undefined &&
    mass.links > 0 &&
    mass.chars <= POST_NUMBER_MAX_CHARS &&
    mass.linkChars === mass.chars &&
    POST_NUMBER.test((element.textContent ?? '').trim()) &&
    !standsInText(element)
  );
}

/**
 * Whether `element` (measured as `mass`) holds nothing but the figures of a poster's card ({@link POSTER_FIGURES}): its
 * join date, its count of posts, threads or likes.
 */
export function isPosterFigures(element: Element, mass: TextMass | undefined): boolean {
  if (mass === undefined || mass.chars > POSTER_FIGURES_MAX_CHARS || mass.chars < 6) return false;
  const text = element.textContent ?? '';
  return text.includes(':') && POSTER_FIGURES.test(text.replace(/\s+/g, ' ').trim());
}
