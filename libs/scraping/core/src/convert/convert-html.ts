import {
  declaredPageUrl,
  hasOpenGraphArticleType,
  hasStoryAddress,
  StoryMarksProbe,
} from '../main-content/heuristics/article-page';
import { declaredWriters } from '../main-content/heuristics/declared-writer';
import { declaresDiscussion } from '../main-content/heuristics/discussion-page';
import { declaresProduct } from '../main-content/heuristics/product-page';
import { withPageDescription } from '../main-content/page-description';
import { htmlToMarkdown } from '../markdown/to-markdown';
import { ImageCollector } from '../metadata/extract-images';
import { LinkCollector } from '../metadata/extract-links';
import { LinkScope } from '../metadata/link-scope';
import { MetadataCollector } from '../metadata/extract-metadata';
import { documentBaseUrl } from '../scan/base-url';
import { type HtmlVisitor, scanHtml } from '../scan/html-scan';
import { ScriptShellProbe } from '../scan/script-shell';
import { NonContentStripper, type StripOptions, stripNonContent } from '../strip/strip-non-content';
import type { ConvertedOutputs, ConvertRequest, ConvertResult, PageFacts } from './convert-request';
import { hasTagSelectors, selectContent, usesMainContentPrefilter } from './select-content';

/**
 * Turns a page's HTML into the requested formats. One streaming pass reads metadata, links and images and strips
 * everything that is not content; a DOM is built only for main-content extraction or tag selection, from what is
 * left. Pure and synchronous: no network, no environment, nothing executed from the page.
 */
export function convertHtml(request: ConvertRequest): ConvertResult {
  const formats = new Set(request.formats);
  const baseUrl = documentBaseUrl(request.html, request.url);
  const textFormats = formats.has('markdown') || formats.has('html');
  // What the page declares itself steers only how its main content is read: no other request searches the page for it.
  const readsMainContent = textFormats && request.onlyMainContent;
  const discussion = readsMainContent && declaresDiscussion(request.html);
  const product = readsMainContent && declaresProduct(request.html);
  const stripOptions: StripOptions = {
    baseUrl,
    mainContentPrefilter: usesMainContentPrefilter(request),
    // A thread's posts often sit in elements classed "comment" or "reply", which the pre-filter would drop.
    discussionPage: discussion,
    productPage: product,
    keepAllAttributes: hasTagSelectors(request),
  };

  const metadata = new MetadataCollector(baseUrl);
  const linkScope = request.linkScope && new LinkScope(request.linkScope);
  const links = formats.has('links') || linkScope ? new LinkCollector(baseUrl, linkScope) : undefined;
  const images = formats.has('images') ? new ImageCollector(baseUrl) : undefined;
  const stripper = textFormats ? new NonContentStripper(stripOptions) : undefined;
  const shell = new ScriptShellProbe();
  // A thread or a product page may carry an article's markup too; what it is read as stays what it declares first.
  const storyMarks = readsMainContent && !discussion && !product ? new StoryMarksProbe() : undefined;
  const visitors: HtmlVisitor[] = [metadata, shell];
  for (const visitor of [links, images, stripper, storyMarks]) if (visitor) visitors.push(visitor);
  scanHtml(request.html, visitors);

  const outputs: ConvertedOutputs = { metadata: metadata.result() };
  const pageUrl = declaredPageUrl(request.url, outputs.metadata.ogUrl);
  const article =
    storyMarks !== undefined && (storyMarks.result(request.html, outputs.metadata) || hasStoryAddress(pageUrl));
  const page: PageFacts = { unrendered: shell.result() };
  if (formats.has('rawHtml')) outputs.rawHtml = request.html;
  if (links && formats.has('links')) outputs.links = links.result();
  if (links && linkScope) page.linksInScope = links.inScope();
  if (images) outputs.images = images.result();
  if (stripper) {
    const wholePage = (): string =>
      stripNonContent(request.html, { ...stripOptions, mainContentPrefilter: false, dropNavigation: true });
    const selected = selectContent(stripper.html(), request, wholePage, {
      discussion,
      product,
      article,
      openGraphArticle: storyMarks !== undefined && !article && hasOpenGraphArticleType(outputs.metadata),
      pageUrl,
      writers: article ? declaredWriters(request.html) : [],
      titles: [outputs.metadata.title, outputs.metadata.ogTitle].filter((title) => title !== undefined),
    });
    const content = stripOptions.mainContentPrefilter ? withPageDescription(selected, outputs.metadata) : selected;
    if (formats.has('html')) outputs.html = content;
    if (formats.has('markdown')) {
      outputs.markdown = htmlToMarkdown(content, { removeBase64Images: request.removeBase64Images });
    }
  }
  return { outputs, page };
}
