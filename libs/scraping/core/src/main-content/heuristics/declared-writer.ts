import { closestNamed, foldedText, textNodesUnder } from '../../dom/dom-walk';
import { textsWithCharsBefore, visibleChars } from '../../dom/text-measure';
import { boxAround, MAX_BOX_EXTRA_CHARS } from './writer-bio';

// Where a page names the writer of its article: JSON-LD's `author` (a name, a Person, or a reference to one in the
// page's graph) and the `author` meta tag. Search engines read both, so article templates fill them on every story.
const JSON_LD_SCRIPT = /<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json\b[^>]*>([\s\S]*?)<\/script\s*>/gi;
const AUTHOR_META = /<meta\b[^>]*\bname\s*=\s*["']?author["'\s/>][^>]*>/gi;
const CONTENT_ATTRIBUTE = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i;
// A declared name longer than this is a sentence or a list, not a person.
const MAX_NAME_CHARS = 60;
const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([\da-f]+)|(\w+));/gi, (entity, decimal?: string, hex?: string, name?: string) => {
    if (decimal) return String.fromCodePoint(Number(decimal));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return ENTITIES[name?.toLowerCase() ?? ''] ?? entity;
  });
}

/** The people a declared author string names: "By Jane Doe, Staff Writer" is Jane Doe; "Ann & Bo" are two. */
function namesIn(declared: string, names: Set<string>): void {
  const text = decodeEntities(declared).replace(/\s+/g, ' ').trim();
  if (/^https?:|^\/|@/i.test(text)) return;
  const first = text.replace(/^by\s+/i, '').split(/\s*[,|;]\s*|\s+[-–—]\s+/)[0];
  for (const part of first.split(/\s+(?:and|&)\s+/i)) {
    const name = part.trim();
    if (name.length >= 3 && name.length <= MAX_NAME_CHARS && /\p{L}/u.test(name)) names.add(name);
  }
}

type JsonNode = Record<string, unknown>;

function collectNodes(value: unknown, nodes: JsonNode[]): void {
  if (Array.isArray(value)) for (const item of value) collectNodes(item, nodes);
  else if (value && typeof value === 'object') {
    nodes.push(value as JsonNode);
    for (const item of Object.values(value)) if (item && typeof item === 'object') collectNodes(item, nodes);
  }
}

function jsonLdAuthors(html: string, names: Set<string>): void {
  const nodes: JsonNode[] = [];
  for (const match of html.matchAll(JSON_LD_SCRIPT)) {
    if (!match[1].includes('"author"')) continue;
    try {
      collectNodes(JSON.parse(match[1]), nodes);
    } catch {
      // A page's broken JSON-LD declares nothing.
    }
  }
  const byId = new Map<string, JsonNode>();
  for (const node of nodes) if (typeof node['@id'] === 'string') byId.set(node['@id'], node);
  for (const node of nodes) {
    const authors = node.author;
    for (const author of Array.isArray(authors) ? authors : [authors]) {
      if (typeof author === 'string') namesIn(author, names);
      else if (author && typeof author === 'object') {
        const person = author as JsonNode;
        const named = typeof person.name === 'string' ? person : byId.get(String(person['@id']));
        if (typeof named?.name === 'string') namesIn(named.name, names);
      }
    }
  }
}

/**
 * The names of the people the page declares as its article's writers (JSON-LD `author`, `<meta name="author">`), read
 * from its HTML as it came: main content's own copy of the page no longer holds its head or its scripts.
 */
export function declaredWriters(html: string): string[] {
  const names = new Set<string>();
  if (html.includes('"author"')) jsonLdAuthors(html, names);
  for (const match of html.matchAll(AUTHOR_META)) {
    const content = CONTENT_ATTRIBUTE.exec(match[0]);
    if (content) namesIn(content[1] ?? content[2] ?? '', names);
  }
  return [...names];
}

// A note about the writer under the story: a paragraph whose first words name the declared writer ("Jane Doe is a
// reporter...", "Jane covers...", "Ludovic (Ludo) Doe is..."), at the end of the content, next to the writer's photo
// or name. Sites print it under each of the writer's stories; it is not what this one says.
const OPENING_WORDS = 4;
const MIN_NOTE_CHARS = 80;
const MAX_NOTE_CHARS = 1200;
// The note comes after the story: at least this share of the content's text stands before it, and at most this much
// text after it (links to the writer's other posts, a rule).
const MIN_STORY_SHARE_BEFORE = 0.5;
const MAX_CHARS_AFTER = 300;
// The lines before the note's box (photo, name, role): each at most this long, MAX_BOX_EXTRA_CHARS in all.
const MAX_LINE_CHARS = 100;
// Words of a declared name that tell nobody in particular ("The Editorial Team").
const COMMON_WORDS = new Set(['the', 'team', 'staff', 'editor', 'editors', 'editorial', 'news', 'admin', 'guest']);
const NOTE_BLOCKS = new Set(['p', 'div']);
// A note about the writer speaks of them in the third person; a closing paragraph in the first person ("Acme is
// dedicated to... Our approach...") is the site's own word to the reader, which the story ends with.
const FIRST_PERSON = /\b(?:I|I['’](?:m|ve|ll|d)|[Mm][ey]|[Ww]e|[Ww]e['’](?:re|ve|ll)|[Oo]urs?|us)\b/;
// A line naming the writer ("By Jane Doe", "About Jane", "Jane Doe, Staff Writer") names them in its first words.
const MAX_NAME_LINE_WORDS = 4;

function wordsOf(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[^\p{L}\p{N}'’-]+/u)
    .filter((word) => word.length >= 3 && !COMMON_WORDS.has(word));
}

/** Every word of the writers' names, which a line naming them holds ("By Jane Doe", "Doe, Jane"). */
function nameWords(writers: readonly string[]): Set<string> {
  return new Set(writers.flatMap(wordsOf));
}

/** The writers' first names, which a note about them opens with ("Jane Doe is", "Jane covers", "Jane (JD) Doe"). */
function firstNames(writers: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const writer of writers) {
    const first = wordsOf(writer)[0];
    if (first) names.add(first);
  }
  return names;
}

/** Whether one of the first `opening` words of `text` is one of `words`. */
function namesWriter(text: string, words: ReadonlySet<string>, opening: number): boolean {
  for (const token of text.toLowerCase().split(/[^\p{L}\p{N}'’-]+/u, opening)) if (words.has(token)) return true;
  return false;
}

/** Whether a text under `element`, outside `note` if given, names the writer in its first words (a name line). */
function holdsName(element: Element, words: ReadonlySet<string>, note?: Element): boolean {
  for (const text of textNodesUnder(element)) {
    if (note?.contains(text)) continue;
    if (namesWriter((text.nodeValue ?? '').trim(), words, MAX_NAME_LINE_WORDS)) return true;
  }
  return false;
}

/** Whether the box around the note holds the writer's photo or name besides the note. */
function marksWriter(box: Element, note: Element, words: ReadonlySet<string>): boolean {
  if (box === note) return false;
  return box.getElementsByTagName('img').length > 0 || holdsName(box, words, note);
}

/**
 * The short lines before `box` that belong to it: back to the farthest one holding the writer's photo or name, over
 * lines of at most MAX_LINE_CHARS and MAX_BOX_EXTRA_CHARS in all. Empty when no such line stands before the note.
 */
function boxLinesBefore(box: Element, words: ReadonlySet<string>): Element[] {
  const lines: Element[] = [];
  let marked = 0;
  let extra = 0;
  for (let line = box.previousElementSibling; line; line = line.previousElementSibling) {
    const chars = visibleChars(line);
    extra += chars;
    if (chars > MAX_LINE_CHARS || extra > MAX_BOX_EXTRA_CHARS) break;
    lines.push(line);
    const photo = line.localName === 'img' || line.getElementsByTagName('img').length > 0;
    if (photo || holdsName(line, words)) marked = lines.length;
  }
  return lines.slice(0, marked);
}

/**
 * Removes from an article's `content` the note about its declared writer (`writers`, declaredWriters) after the
 * story: a paragraph in the third person that opens with the writer's name, standing at the end of the content with
 * the writer's photo or name line beside it, with those lines. Boxes named as about the writer go by their class
 * (author-box.ts), notes saying "is a writer" by their words (writer-bio.ts); this finds the others by the name the
 * page declares.
 */
export function removeDeclaredWriterNotes(content: Element, writers: readonly string[]): void {
  const first = firstNames(writers);
  if (first.size === 0) return;
  const words = nameWords(writers);
  const contentChars = visibleChars(content);
  for (const { text, charsBefore: before } of textsWithCharsBefore(content)) {
    const value = text.nodeValue ?? '';
    // Only a text that could open a note ending the content is read further.
    if (before < MIN_STORY_SHARE_BEFORE * contentChars || contentChars - before > MAX_NOTE_CHARS + MAX_CHARS_AFTER) {
      continue;
    }
    const opening = value.trim();
    if (!namesWriter(opening, first, OPENING_WORDS)) continue;
    const note = closestNamed(text.parentElement, NOTE_BLOCKS);
    if (!note || note === content || !content.contains(note)) continue;
    const noteText = foldedText(note);
    const noteChars = visibleChars(note);
    if (
      noteChars < MIN_NOTE_CHARS ||
      noteChars > MAX_NOTE_CHARS ||
      contentChars - before - noteChars > MAX_CHARS_AFTER
    ) {
      continue;
    }
    if (!noteText.startsWith(opening.replace(/\s+/g, ' ')) || FIRST_PERSON.test(noteText)) continue;
    const box = boxAround(note, content);
    const lines = boxLinesBefore(box, words);
    if (lines.length === 0 && !marksWriter(box, note, words)) continue;
    for (const line of lines) line.remove();
    box.remove();
    return;
  }
}
