import { editedHtml } from '../../dom/dom-document';
import { removeEmbeddedPosts } from './embedded-posts';

const story =
  '<p>The council voted seven to two to close the landfill by 2030 and to build a sorting plant in its place.</p>';

describe('embedded posts', () => {
  it.each(['twitter-tweet', 'instagram-media', 'tiktok-embed', 'bluesky-embed'])(
    'removes a post embedded as a "%s" quote',
    (className) => {
      const post =
        `<blockquote class="${className}" data-lang="en"><p>The landfill closes in 2030! Great news for the valley.</p>` +
        '— Valley Greens (@valleygreens) <a href="https://x.com/valleygreens/status/1">May 2, 2025</a></blockquote>';
      expect(editedHtml(`${story}${post}`, removeEmbeddedPosts)).toBe(story);
    },
  );

  it("keeps the story's own quotes", () => {
    const quote =
      '<blockquote class="wp-block-quote"><p>We will not reopen it, whatever the price of land.</p></blockquote>';
    expect(editedHtml(`${story}${quote}`, removeEmbeddedPosts)).toBe(`${story}${quote}`);
  });
});
