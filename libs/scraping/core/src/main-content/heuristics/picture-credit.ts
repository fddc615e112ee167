import { closestNamed, shortFoldedText, textNodesUnder } from '../../dom/dom-walk';
import { HEADING_TAGS } from '../../scan/heading-tags';

// The credit a page prints under its pictures names the agency or the photographer, never what the page says: "Image
// credit: Getty Images", "(Photo: Jeep)", "Photo Illustration: Getty Images, PlugShare", "Image by Jane Doe via
// Unsplash", "Credit: Thomas Hengge", "Firn | Getty Images", "DGLimages via Getty Images".
const PICTURE = '(?:photo )?(?:image|photo(?:graph)?|picture|illustration)s?';
const LABELLED = `(?:${PICTURE}(?: (?:credit|source|courtesy)s?)?:|${PICTURE} (?:by|courtesy of))`;
// Stock libraries whose name alone, beside a photographer's, makes a line a credit.
const AGENCY = '(?:getty ?images|shutterstock|istock(?:photo)?|adobe ?stock|unsplash|pexels|pixabay|alamy)';
const BY_AGENCY = `(?:[^|/()]{1,50} ?(?:[|/]|\\bvia\\b) ?${AGENCY}|${AGENCY} ?[|/] ?[^|/()]{1,50})`;
const PICTURE_CREDIT = new RegExp(`^\\(?(?:${LABELLED} ?[^()]{2,80}|${BY_AGENCY})\\)?\\.?$`, 'i');
// "Credit: Thomas Hengge" says whose picture it is only in a picture's caption: elsewhere "Credit: Excellent" is a
// card's rating.
const BARE_CREDIT = /^\(?credits?: ?[^()]{2,80}\)?\.?$/i;
const CAPTIONS = new Set(['figure', 'figcaption']);
// Looked for in each short text first: most texts hold none of these words, and then no block around them is read.
const CREDIT_HINT = new RegExp(`\\b(?:image|photo|picture|illustration|credit)|${AGENCY}`, 'i');
const MAX_CREDIT_CHARS = 90;
// Source text, spaces and all, read of an element before giving up on it as a credit.
const MAX_SOURCE_CHARS = 4 * MAX_CREDIT_CHARS;
const PICTURES = 'img, picture, video';
// A heading or a table's cell naming libraries ("Unsplash / Pexels") compares them; code's "image: nginx" is a setting.
const NEVER_CREDITS = new Set(['pre', 'code', 'td', 'th', ...HEADING_TAGS]);

/**
 * The largest element around `text`, inside `content`, whose whole text is a picture's credit, short of the element that
 * holds the picture itself.
 */
function pictureCreditAround(text: Text, content: Element): Element | undefined {
  if (closestNamed(text.parentElement, NEVER_CREDITS)) return undefined;
  let found: Element | undefined;
  for (let element = text.parentElement; element && element !== content; element = element.parentElement) {
    if (element.querySelector(PICTURES) !== null) break;
    const line = shortFoldedText(element, MAX_SOURCE_CHARS);
    if (line === undefined || line.length > MAX_CREDIT_CHARS) break;
    if (PICTURE_CREDIT.test(line) || (BARE_CREDIT.test(line) && closestNamed(element, CAPTIONS))) found = element;
  }
  return found;
}

/** Removes from `content` the lines that credit its pictures to an agency or a photographer; the pictures stay. */
export function removePictureCredits(content: Element): void {
  const credits = new Set<Element>();
  for (const text of textNodesUnder(content)) {
    const value = text.nodeValue ?? '';
    if (value.length > MAX_CREDIT_CHARS || !CREDIT_HINT.test(value)) continue;
    const credit = pictureCreditAround(text, content);
    if (credit) credits.add(credit);
  }
  for (const credit of credits) credit.remove();
}
