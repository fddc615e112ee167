// Class and id words of what a forum or question-and-answer site draws around every post: the poster's card (join
// date, post count, location), the poster's rank ("Senior Member", "userTitle") and the signature under the post.
// Matched as whole words of a class or id ("post-signature", "postprofile", "user_info"), like the words of
// named-boilerplate.ts.
const POST_FURNITURE_WORD =
  /(?:^|[\s_-])(?:signatures?|postprofile|user-?info|poster-?info|user-?title|member-?title)(?:$|[\s_-])/i;
const SIGNATURE_WORD = /(?:^|[\s_-])signatures?(?:$|[\s_-])/i;

/**
 * Whether the class (given, as it is already at hand) or id of `element` names it as the poster's card or signature
 * of a post. Unlike other named boilerplate, such a block goes inside a run of like blocks too: it sits in every post
 * of a thread, and a thread is exactly such a run.
 */
export function isPostFurniture(element: Element, className: string): boolean {
  return POST_FURNITURE_WORD.test(className) || POST_FURNITURE_WORD.test(element.getAttribute('id') ?? '');
}

/**
 * Whether the class or id of `element` names it as a post's signature. Unlike a poster's card (whose name a layout
 * wrapper around the posts sometimes borrows), a signature is never more than the lines under one post.
 */
export function isSignature(element: Element): boolean {
  return SIGNATURE_WORD.test(element.getAttribute('class') ?? '') || SIGNATURE_WORD.test(element.getAttribute('id') ?? '');
}
