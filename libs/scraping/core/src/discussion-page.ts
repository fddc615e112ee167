// schema.org types of a page that is a discussion: the posts (often in elements classed "comment" or "reply") are its
// content, not the comments under an article.
const JSON_LD_DISCUSSION = /"@type"\s*:\s*\[?\s*"(?:https?:\/\/schema\.org\/)?(?:DiscussionForumPosting|QAPage)"/;
const MICRODATA_DISCUSSION = /itemtype\s*=\s*["']?https?:\/\/schema\.org\/(?:DiscussionForumPosting|QAPage)\b/i;
// Posts marked up one by one as comments or answers, without a type for the page: a thread, when there are several.
// An article's comment section marked up this way is rare, and its posts then read as part of the page anyway.
const MICRODATA_POST = /itemtype\s*=\s*["']?https?:\/\/schema\.org\/(?:Comment|Answer)\b/gi;
const MIN_MARKED_POSTS = 3;

function countMarkedPosts(html: string): number {
  MICRODATA_POST.lastIndex = 0;
  let posts = 0;
  while (posts < MIN_MARKED_POSTS && MICRODATA_POST.exec(html)) posts += 1;
  return posts;
}

/**
 * Whether the page declares itself a forum thread or a question with its answers, in JSON-LD or microdata, or marks up
 * several of its posts as comments or answers.
 */
export function declaresDiscussion(html: string): boolean {
  return (
    JSON_LD_DISCUSSION.test(html) || MICRODATA_DISCUSSION.test(html) || countMarkedPosts(html) >= MIN_MARKED_POSTS
  );
}
