import type { TagAttributes } from '../scan/html-scan';

// React streams the parts of a server-rendered page that were not ready in time after the rest: each comes as a hidden
// `<div id="S:n">` near the end of the body, and an inline script moves its children into the place its
// `<template id="B:n">` marks and shows them. A part finished inside another streamed part marks its place with
// `<template id="P:n">` instead, under the same number as its segment (React's `$RS("S:n", "P:n")`). A client that runs no scripts sees the page's content out of place and
// hidden. These ids are React's own; the marks are private-use characters around a pattern a page's text does not form.
const SEGMENT_ID = /^S:([0-9a-f]+)$/i;
const PLACEHOLDER_ID = /^[BP]:([0-9a-f]+)$/i;
const MARKER = /\uE010([BSE]):([0-9a-f]+)\uE011/gi;

function segmentId(name: string, attributes: TagAttributes): string | undefined {
  return name === 'div' && attributes.hidden !== undefined ? SEGMENT_ID.exec(attributes.id ?? '')?.[1] : undefined;
}

/** Whether an element is a streamed segment, which is hidden only until React's script moves it into place. */
export function isStreamedSegment(name: string, attributes: TagAttributes): boolean {
  return segmentId(name, attributes) !== undefined;
}

/**
 * The stripper's marks around a streamed segment's content, or undefined for any other element. Each mark is a string
 * of its own in the output, so that cutting the output back removes it like any other piece.
 */
export function segmentMarks(name: string, attributes: TagAttributes): { start: string; end: string } | undefined {
  const id = segmentId(name, attributes);
  return id === undefined ? undefined : { start: `\uE010S:${id}\uE011`, end: `\uE010E:${id}\uE011` };
}

/** The stripper's mark for where a segment's `<template id="B:n">` or `<template id="P:n">` placeholder stands, or undefined. */
export function placeholderMark(name: string, attributes: TagAttributes): string | undefined {
  const id = name === 'template' ? PLACEHOLDER_ID.exec(attributes.id ?? '')?.[1] : undefined;
  return id === undefined ? undefined : `\uE010B:${id}\uE011`;
}

/**
 * Moves every marked segment to its placeholder, as React's script would, and removes the marks. A segment's own
 * content may hold the placeholders of later segments. A segment without a placeholder stays where it is; a
 * placeholder without a segment leaves nothing.
 */
export function placeStreamedSegments(html: string): string {
  if (!html.includes('\uE010')) return html;
  const placeholders = new Set(
    [...html.matchAll(/\uE010B:([0-9a-f]+)\uE011/gi)].map((match) => match[1]?.toLowerCase()),
  );
  const segments = new Map<string, string>();
  const withoutSegments = html.replace(
    /\uE010S:([0-9a-f]+)\uE011([\s\S]*?)\uE010E:\1\uE011/gi,
    (_whole, id: string, body: string) => {
      if (!placeholders.has(id.toLowerCase())) return body;
      segments.set(id.toLowerCase(), body);
      return '';
    },
  );
  const place = (text: string): string =>
    text.replace(MARKER, (_mark, kind: string, id: string) => {
      if (kind !== 'B') return '';
      const segment = segments.get(id.toLowerCase());
      // Each segment goes in once: a placeholder repeated, or one inside its own segment, gets nothing.
      segments.delete(id.toLowerCase());
      return segment === undefined ? '' : place(segment);
    });
  return place(withoutSegments);
}
