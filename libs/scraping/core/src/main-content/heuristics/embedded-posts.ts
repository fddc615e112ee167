// The classes social networks' embed scripts look for on the quote they turn into a card: a tweet, an Instagram or a
// TikTok post, a Bluesky, Mastodon or Threads post. Without the script, the quote is the post's text with its date
// and a "View this post" link: what the story points to, not what it says.
const EMBEDDED_POST_CLASS =
  /(?:^|\s)(?:twitter-tweet|instagram-media|tiktok-embed|bluesky-embed|mastodon-embed|threads-embed|text-post-media)(?:\s|$)/;

/** Removes from an article's `content` the social networks' posts embedded in it. */
export function removeEmbeddedPosts(content: Element): void {
  for (const quote of Array.from(content.getElementsByTagName('blockquote'))) {
    if (EMBEDDED_POST_CLASS.test(quote.getAttribute('class') ?? '')) quote.remove();
  }
}
