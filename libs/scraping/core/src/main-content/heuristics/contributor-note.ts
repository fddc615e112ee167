import { closestNamed, foldedText } from '../../dom/dom-walk';
import { textsWithCharsBefore, visibleChars } from '../../dom/text-measure';

// A paragraph that introduces someone in the third person, whatever their trade: "Paul Fenaroli is an associate
// attorney at ...", "Chris Radich is the public sector CTO at UiPath", "Angela Holliday-Bell, MD, is a ...".
const INTRODUCTION =
  /^\W*\p{Lu}[\p{L}.'’-]*(?: \p{Lu}[\p{L}.'’-]*){0,3},?(?: [A-Z][A-Za-z.]{1,5},)? (?:is|was|serves as) (?:an?|the) /u;
// Set in italics as a whole: the type sites set a contributor's or a publication's note in under a story, apart from
// its text. A profile that is the story is set in roman.
const MIN_ITALIC_SHARE = 0.9;
const ITALICS = new Set(['em', 'i']);
// A note of a few sentences; a longer paragraph is part of the story.
const MAX_NOTE_CHARS = 400;
// The note comes after the story: at least this share of the content's text stands before it.
const MIN_STORY_SHARE_BEFORE = 0.5;
const PARAGRAPHS = new Set(['p']);

/** Whether `element` lies inside an italic run within `paragraph`. */
function insideItalics(element: Element, paragraph: Element): boolean {
  for (let node = element.parentElement; node && node !== paragraph; node = node.parentElement) {
    if (ITALICS.has(node.localName)) return true;
  }
  return false;
}

/** Visible characters of `paragraph` inside italics, each italic run counted once. */
function italicChars(paragraph: Element): number {
  return [...ITALICS]
    .flatMap((name) => Array.from(paragraph.getElementsByTagName(name)))
    .filter((run) => !insideItalics(run, paragraph))
    .reduce((sum, run) => sum + visibleChars(run), 0);
}

function isContributorNote(paragraph: Element): boolean {
  const chars = visibleChars(paragraph);
  return (
    chars <= MAX_NOTE_CHARS &&
    INTRODUCTION.test(foldedText(paragraph)) &&
    italicChars(paragraph) >= MIN_ITALIC_SHARE * chars
  );
}

/**
 * Removes from an article's `content` the italic notes after the story that introduce a contributor or the
 * publication in the third person ({@link INTRODUCTION}): who wrote or published the story is about it, not of it.
 * Notes that call the person a writer are found without italics (writer-bio.ts).
 */
export function removeContributorNotes(content: Element): void {
  const contentChars = visibleChars(content);
  const read = new Set<Element>();
  const notes: Element[] = [];
  for (const { text, charsBefore } of textsWithCharsBefore(content)) {
    if (charsBefore < MIN_STORY_SHARE_BEFORE * contentChars) continue;
    const paragraph = closestNamed(text.parentElement, PARAGRAPHS);
    if (!paragraph || read.has(paragraph) || !content.contains(paragraph)) continue;
    read.add(paragraph);
    if (isContributorNote(paragraph)) notes.push(paragraph);
  }
  for (const note of notes) note.remove();
}
