import { closestNamed, foldedText } from '../../dom/dom-walk';
import { headingLevel } from '../../dom/headings';
import { textsWithCharsBefore, visibleChars } from '../../dom/text-measure';

// A paragraph that introduces the writer in the third person by name ("Jane Doe is a freelance writer...", "Irene is
// an experienced writer..."): the note sites print under each of a writer's stories, not what this story says.
const WRITER_ROLE =
  '(?:is|was) (?:an?|the) (?:[\\p{L}-]+,? ){0,4}(?:writer|editor|journalist|reporter|columnist|blogger|copywriter)\\b';
const WRITER_BIO = new RegExp(`^\\p{Lu}[\\p{L}.'’-]*(?: \\p{Lu}[\\p{L}.'’-]*){0,3} ${WRITER_ROLE}`, 'u');
// Looked for in the content's whole text first: most stories hold no such phrase, and then no block is read.
const WRITER_ROLE_ANYWHERE = new RegExp(WRITER_ROLE, 'u');
// What a third-person note runs to at most; a longer paragraph is a profile that is the story.
const MAX_BIO_CHARS = 800;
// The box around the note holds the writer's photo, name and links too: at most this much besides the note.
export const MAX_BOX_EXTRA_CHARS = 200;
// The note comes after the story: at least this share of the content's text stands before it.
const MIN_STORY_SHARE_BEFORE = 0.5;
// A heading just before the box with no more text than this titles it ("About the author", "About Jane").
const MAX_TITLE_CHARS = 60;
const NOTE_BLOCKS = new Set(['p', 'div']);

/** The largest block around `note`, inside `content`, holding little besides it. */
export function boxAround(note: Element, content: Element): Element {
  const limit = visibleChars(note) + MAX_BOX_EXTRA_CHARS;
  let box = note;
  while (box.parentElement && box.parentElement !== content && visibleChars(box.parentElement) <= limit) {
    box = box.parentElement;
  }
  return box;
}

/**
 * Removes from an article's `content` the notes about its writer after the story: a paragraph that introduces a named
 * person as a writer, editor or journalist, with the box around it (photo, links) and the heading that titles it.
 * Sites that name such boxes are handled by their class (author-box.ts); this finds the unnamed ones by what they say.
 */
export function removeWriterBios(content: Element): void {
  if (!WRITER_ROLE_ANYWHERE.test(foldedText(content))) return;
  const contentChars = visibleChars(content);
  for (const { text, charsBefore: before } of textsWithCharsBefore(content)) {
    const value = text.nodeValue ?? '';
    if (before < MIN_STORY_SHARE_BEFORE * contentChars || !WRITER_ROLE_ANYWHERE.test(value)) continue;
    const note = closestNamed(text.parentElement, NOTE_BLOCKS);
    if (!note || !content.contains(note) || note === content) continue;
    if (visibleChars(note) > MAX_BIO_CHARS || !WRITER_BIO.test(foldedText(note))) continue;
    const box = boxAround(note, content);
    const title = box.previousElementSibling;
    if (title && headingLevel(title) !== undefined && visibleChars(title) <= MAX_TITLE_CHARS) title.remove();
    box.remove();
  }
}
