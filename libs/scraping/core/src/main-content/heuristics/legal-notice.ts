import { removeShortNotices, type ShortNoticeKind } from './short-notices';

// A site's legal line from its footer: "© 2025 Bellhop, Inc", "Copyright © 2023 NPR. All rights reserved.", "Except as
// otherwise noted, the content of this page is licensed under...". It opens with the copyright sign (a copyright in
// a program's text or a manual, "Copyright 1998-2005 Free Software Foundation", is written without it) and names a
// year or the rights reserved; a picture's credit ("© Jane Roe") names neither.
const COPYRIGHT_LINE = /^(?:copyright\s*:?\s*)?©\s*(?:copyright\b)?.*(?:\b(?:19|20)\d\d\b|all rights reserved)/i;
const LICENCE_LINE = /^except as otherwise noted, the content of this page is licensed under/i;
// Looked for in each text first: most texts hold neither, and then no block is read.
const NOTICE_START = /^\s*(?:copyright\s*:?\s*)?©|^\s*except as otherwise noted/i;
const NOTICE_WORD = /©|except as otherwise noted/i;
// A line or two; a longer block holding a copyright sign is a licence or an article quoting one.
const MAX_NOTICE_CHARS = 300;
const LEGAL_NOTICE: ShortNoticeKind = {
  word: NOTICE_WORD,
  inText: NOTICE_START,
  blocks: new Set(['p', 'div', 'li', 'small', 'section', 'footer']),
  maxChars: MAX_NOTICE_CHARS,
  isNotice: (line) => COPYRIGHT_LINE.test(line) || LICENCE_LINE.test(line),
};

/** Removes from `content` the footer's legal lines: copyright notices and the licence of the page's text. */
export function removeLegalNotices(content: Element): void {
  removeShortNotices(content, LEGAL_NOTICE);
}
