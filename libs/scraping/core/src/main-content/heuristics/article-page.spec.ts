import { MetadataCollector } from '../../metadata/extract-metadata';
import { scanHtml } from '../../scan/html-scan';
import { declaredPageUrl, hasStoryAddress, StoryMarksProbe } from './article-page';

/** Whether the page reads as an article, its marks read in one streaming pass as the conversion reads them. */
function readsAsArticle(html: string): boolean {
  const probe = new StoryMarksProbe();
  const metadata = new MetadataCollector('https://example.com/');
  scanHtml(html, [metadata, probe]);
  return probe.result(html, metadata.result());
}

const page = (head: string, body: string, bodyClass = ''): string =>
  `<html><head>${head}</head><body class="${bodyClass}">${body}</body></html>`;
const STORY = '<p>The council voted on the budget late on Tuesday.</p>';

describe('article pages', () => {
  it.each([
    ['a schema.org NewsArticle', page('<script type="application/ld+json">{"@type":"NewsArticle"}</script>', STORY)],
    ['an Open Graph publication date', page('<meta property="article:published_time" content="2026-01-05">', STORY)],
    [
      'an <article> with a byline and a date',
      page('', `<article><p class="byline">By Ann Lee</p><time datetime="2026-01-05">5 Jan</time>${STORY}</article>`),
    ],
    [
      'Open Graph\'s type "article" with a byline',
      page('<meta property="og:type" content="article">', `<span class="author">Ann Lee</span>${STORY}`),
    ],
    [
      "Open Graph's type written content first, with a byline",
      page('<meta content="article" property="og:type">', `<a rel="author" href="/ann">Ann Lee</a>${STORY}`),
    ],
    ['a post body with a byline', page('', `<div class="entry-content"><p class="byline">Ann Lee</p>${STORY}</div>`)],
    ["WordPress's body class for a single post", page('', STORY, 'post-template-default single single-post')],
    ["Ghost's body class for a post", page('', STORY, 'post-template')],
  ])('is one when the page has %s', (_name, html) => {
    expect(readsAsArticle(html)).toBe(true);
  });

  it.each([
    ['nothing of a story', page('<meta property="og:type" content="website">', STORY)],
    [
      'Open Graph\'s type "article" alone, as plugins write on plain pages',
      page('<meta property="og:type" content="article">', STORY),
    ],
    ['a post body without a byline', page('', `<div class="entry-content">${STORY}</div>`)],
    ['a byline without a post template', page('', `<p class="author">Ann Lee</p>${STORY}`)],
    ["a shop product's body class", page('', STORY, 'product-template-default single-product postid-12')],
    [
      'a byline and a post body written only inside a script',
      page('', `<script>const card = '<div class="entry-content"><p class="byline">Ann</p></div>';</script>${STORY}`),
    ],
  ])('is not one with %s', (_name, html) => {
    expect(readsAsArticle(html)).toBe(false);
  });
});

describe('story addresses', () => {
  it.each([
    'https://example.com/blog/how-to-plant-tomatoes',
    'https://example.com/en/news/2026/01/05/council-votes-on-the-budget/',
    'https://example.com/articles/why-seals-rest-on-sandbanks.html',
    'https://example.com/post/23-new-businesses-now-open?utm_source=feed',
  ])('file %s as one story', (url) => {
    expect(hasStoryAddress(url)).toBe(true);
  });

  it.each([
    ['a blog index', 'https://example.com/blog/'],
    ['a short slug', 'https://example.com/blog/tomatoes'],
    ['a category of the blog', 'https://example.com/blog/category/how-to-grow-things'],
    ["an author's page", 'https://example.com/news/authors/ann-lee-smith'],
    ['a slug outside a story section', 'https://example.com/services/seo-for-small-businesses'],
    ['no address', ''],
  ])('do not include %s', (_name, url) => {
    expect(hasStoryAddress(url)).toBe(false);
  });
});

describe('declared page addresses', () => {
  const declared = 'https://example.com/blog/how-to-plant-tomatoes';

  it.each(['http://127.0.0.1:8765/page/4', 'http://[::1]:3000/copy', 'http://localhost/copy'])(
    'take og:url for a page fetched from %s',
    (url) => {
      expect(declaredPageUrl(url, declared)).toBe(declared);
    },
  );

  it.each([
    ['a named site', 'https://www.example.org/tomatoes', declared],
    ['no og:url', 'http://127.0.0.1/page/4', undefined],
    ['an og:url that is no web address', 'http://127.0.0.1/page/4', '/blog/how-to-plant-tomatoes'],
  ])('keep the fetched address for %s', (_name, url, openGraphUrl) => {
    expect(declaredPageUrl(url, openGraphUrl)).toBe(url);
  });
});
