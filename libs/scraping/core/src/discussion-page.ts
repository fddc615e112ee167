// schema.org types of a page that is a discussion: the posts (often in elements classed "comment" or "reply") are its
// content, not the comments under an article.
const JSON_LD_DISCUSSION = /"@type"\s*:\s*\[?\s*"(?:https?:\/\/schema\.org\/)?(?:DiscussionForumPosting|QAPage)"/;
const MICRODATA_DISCUSSION = /itemtype\s*=\s*["']?https?:\/\/schema\.org\/(?:DiscussionForumPosting|QAPage)\b/i;

/** Whether the page declares itself a forum thread or a question with its answers, in JSON-LD or microdata. */
export function declaresDiscussion(html: string): boolean {
  return JSON_LD_DISCUSSION.test(html) || MICRODATA_DISCUSSION.test(html);
}
