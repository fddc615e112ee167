import { elementsUnder } from '../../dom/dom-walk';

// What a caption stands under: a picture, a video or an embedded frame. A figure without one (a quotation with its
// source in a <figcaption>) has no caption to lose.
const PICTURES = 'img, picture, video, iframe, svg';
// Templates that caption pictures without <figcaption> say so in a class: "wp-caption-text", "image-caption",
// "body-img-caption".
const CAPTION_CLASS = /caption/i;

/** The figure a caption stands in, or for a caption drawn by its class the block around it; else null. */
function captionHolder(element: Element): Element | null {
  if (element.localName === 'figcaption') return element.closest('figure');
  return CAPTION_CLASS.test(element.getAttribute('class') ?? '') ? element.parentElement : null;
}

// Only a caption's holder is searched for pictures: searching under every element of a long story would cost a walk of
// its subtree each.
function isCaption(element: Element): boolean {
  const holder = captionHolder(element);
  return holder !== null && holder.querySelector(PICTURES) !== null && element.querySelector(PICTURES) === null;
}

/**
 * Removes from an article's `content` the captions under its pictures; the pictures stay, with their alternative
 * text. A caption belongs to its picture, not to the story told beside it: the reviewed truths of the articles the
 * quality benchmark reads leave out eight captions of every nine (docs/benchmarks.md, session 28).
 */
export function removePictureCaptions(content: Element): void {
  for (const element of elementsUnder(content)) if (isCaption(element) && content.contains(element)) element.remove();
}
