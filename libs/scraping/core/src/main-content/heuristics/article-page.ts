import type { PageMetadataFields } from '../../metadata/extract-metadata';
import type { HtmlVisitor, TagAttributes } from '../../scan/html-scan';
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
// A byline: an element classed as one or as the author's, or a link to the author.
const BYLINE_CLASS = /\b(?:byline|author)\b/i;
const AUTHOR_LINK = /^\s*author\b/i;
// A block classed as a post's body by a blogging or news template.
const POST_BODY_CLASS =
  /\b(?:entry-content|post-content|post-body|post-entry|post__content|blog-post|blog-post-content|blog-content|single-post|post-single|article-body|article__body|article-content|article__content)\b/i;
// The body class WordPress and Ghost give a single post, which their pages and shops' products do not get.
const SINGLE_POST_BODY_CLASS = /\b(?:single-post|post-template|single-format|blog-post)\b/i;

// An address that files the page as one story: a section of a site's stories ("/blog/", "/news/", "/articles/")
// with, at the end, a title made into a slug of three words or more. An index of such a section, or one of its
// categories, tags or authors, is a listing.
const STORY_SECTION = /^(?:blogs?|posts?|articles?|stor(?:y|ies)|news)$/i;
const INDEX_SEGMENT = /^(?:categor(?:y|ies)|tags?|topics?|authors?|page)$/i;
const TITLE_SLUG = /^[^-]+(?:-[^-]+){2,}$/;

/** Whether the page's address `url` files it as one story of a blog or a news section ({@link STORY_SECTION}). */
export function hasStoryAddress(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const segments = new URL(url).pathname.split('/').filter(Boolean);
  const slug = segments.at(-1) ?? '';
  return (
    segments.slice(0, -1).some((segment) => STORY_SECTION.test(segment)) &&
    !segments.some((segment) => INDEX_SEGMENT.test(segment)) &&
    TITLE_SLUG.test(slug)
  );
}

// A host that names no site: an IP address (v4, or v6 in brackets) or a single label such as `localhost`.
const UNNAMED_HOST = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[\da-f:.]+\]|[^.]+)$/i;

/** Whether `url` is an absolute http(s) URL. */
function isWebUrl(url: string): boolean {
  return URL.canParse(url) && ['http:', 'https:'].includes(new URL(url).protocol);
}

/**
 * The address the page gives itself (its Open Graph `og:url`) when it was fetched from an address that names no site
 * (`url` on an IP address or `localhost`: a copy served by a mirror, a cache or a test server): the copy is still the
 * page of the site it names, whose other pages its links lead to and whose addresses tell a story. Otherwise the
 * address it was fetched from, whatever `og:url` says (a template's may name its staging host).
 */
export function declaredPageUrl(url: string, openGraphUrl: string | undefined): string {
  if (openGraphUrl === undefined || !isWebUrl(openGraphUrl) || !URL.canParse(url)) return url;
  return UNNAMED_HOST.test(new URL(url).hostname) ? openGraphUrl : url;
}

/** Whether the page's Open Graph type, as its metadata reads it, is "article". */
export function hasOpenGraphArticleType(metadata: PageMetadataFields): boolean {
  return [metadata['og:type']].flat().some((type) => type?.trim().toLowerCase() === 'article');
}

/**
 * Reads, during the conversion's one streaming pass, the marks a story's page carries in its body: the body's class,
 * an `<article>`, a machine-readable date, a byline and a post's body. Listening to the pass the page is parsed in
 * anyway spares a search of the whole HTML for each mark; the marks in the head are the page's metadata.
 */
export class StoryMarksProbe implements HtmlVisitor {
  private singlePostBody = false;
  private articleElement = false;
  private dated = false;
  private byline = false;
  private postBody = false;

  openTag(name: string, attributes: TagAttributes): void {
    switch (name) {
      case 'body':
        this.singlePostBody ||= SINGLE_POST_BODY_CLASS.test(attributes.class ?? '');
        break;
      case 'article':
        this.articleElement = true;
        break;
      case 'time':
        this.dated ||= attributes.datetime !== undefined;
        break;
    }
    const classes = attributes.class;
    if (classes !== undefined) {
      this.byline ||= BYLINE_CLASS.test(classes);
      this.postBody ||= POST_BODY_CLASS.test(classes);
    }
    if (!this.byline && attributes.rel !== undefined) this.byline = AUTHOR_LINK.test(attributes.rel);
  }

  /**
   * Whether the page `html` this probe read, with its `metadata`, declares itself an article (schema.org in JSON-LD
   * or microdata, or Open Graph's publication date), or carries a story's marks: a byline in a page with an
   * `<article>` and a date, of Open Graph's type "article" (which WordPress's SEO plugins also write on plain pages,
   * so not alone) or with a post's body, or a single post's body class. A story's links to the site's other stories
   * are not content.
   */
  result(html: string, metadata: PageMetadataFields): boolean {
    if (metadata.publishedTime !== undefined || this.singlePostBody || declaresArticleType(html)) return true;
    return this.byline && ((this.articleElement && this.dated) || hasOpenGraphArticleType(metadata) || this.postBody);
  }
}
