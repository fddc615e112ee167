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

/**
 * Whether the page declares itself an article (schema.org in JSON-LD or microdata, or Open Graph's publication date),
 * or holds an `<article>` with a byline and a date: a story whose links to the site's other stories are not content.
 */
export function declaresArticle(html: string): boolean {
  return (
    declaresArticleType(html) ||
    PUBLISHED_TIME.test(html) ||
    (ARTICLE_ELEMENT.test(html) && DATED.test(html) && BYLINE.test(html))
  );
}
