import { schemaTypeDeclaration } from '../../scan/schema-org';

// schema.org types of a page that is one piece of writing: a news story, a post, a report. Sites mark up their
// articles this way for search engines; a listing or a service page rarely does.
const declaresArticleType = schemaTypeDeclaration([
  'Article',
  'NewsArticle',
  'ReportageNewsArticle',
  'AnalysisNewsArticle',
  'OpinionNewsArticle',
  'BackgroundNewsArticle',
  'LiveBlogPosting',
  'BlogPosting',
  'TechArticle',
  'Report',
]);
// Open Graph's date of publication, which news and blog engines write for every story and no other page.
const PUBLISHED_TIME = /<meta\b[^>]*\b(?:property|name)\s*=\s*["']?article:published_time\b/i;
// Without a declaration: an <article> element, a machine-readable date and a byline somewhere in the page.
const ARTICLE_ELEMENT = /<article\b/i;
const DATED = /<time\b[^>]*\bdatetime\s*=/i;
const BYLINE = /\b(?:class\s*=\s*["'][^"']*\b(?:byline|author)\b|rel\s*=\s*["']?author\b)/i;
// Without a date either: the marks a blogging or news template leaves on a story's page. A byline with Open Graph's
// type "article" (which WordPress's SEO plugins also write on plain pages, so not alone) or with a block classed as a
// post's body; or the body class WordPress and Ghost give a single post ("single-post", "post-template"), which their
// pages and shops' products do not get.
const OPEN_GRAPH_ARTICLE =
  /<meta\b[^>]*\b(?:property\s*=\s*["']og:type["'][^>]*\bcontent\s*=\s*["']article["']|content\s*=\s*["']article["'][^>]*\bproperty\s*=\s*["']og:type["'])/i;
const POST_BODY =
  /\bclass\s*=\s*["'][^"']*\b(?:entry-content|post-content|post-body|post-entry|post__content|blog-post|blog-post-content|blog-content|single-post|post-single|article-body|article__body|article-content|article__content)\b/i;
const SINGLE_POST_BODY_CLASS =
  /<body\b[^>]*\bclass\s*=\s*["'][^"']*\b(?:single-post|post-template|single-format|blog-post)\b/i;

/**
 * Whether the page declares itself an article (schema.org in JSON-LD or microdata, or Open Graph's publication date),
 * or carries a story's marks: a byline in an `<article>` with a date, in a page of Open Graph's type "article" or in a
 * post's body, or a single post's body class. A story's links to the site's other stories are not content. The byline
 * is looked for once: each pattern reads the whole page.
 */
export function declaresArticle(html: string): boolean {
  if (declaresArticleType(html) || PUBLISHED_TIME.test(html) || SINGLE_POST_BODY_CLASS.test(html)) return true;
  if (!BYLINE.test(html)) return false;
  return (ARTICLE_ELEMENT.test(html) && DATED.test(html)) || OPEN_GRAPH_ARTICLE.test(html) || POST_BODY.test(html);
}
