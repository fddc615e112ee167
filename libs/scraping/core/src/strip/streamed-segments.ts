import type { TagAttributes } from '../scan/html-scan';

// React streams the parts of a server-rendered page that were not ready in time after the rest: each comes as a hidden
// `<div id="S:n">` near the end of the body, and an inline script moves its children into the place its
// `<template id="B:n">` marks and shows them. A part finished inside another streamed part marks its place with
// `<template id="P:n">` instead, under the same number as its segment (React's `$RS("S:n", "P:n")`). A client that runs no scripts sees the page's content out of place and
// hidden. These ids are React's own; the marks are private-use characters around a pattern a page's text does not form.
const SEGMENT_ID = /^S:([0-9a-f]+)$/i;
const PLACEHOLDER_ID = /^[BP]:([0-9a-f]+)$/i;
const MARKER = /\uE010([BSEFG]):([0-9a-f]+)\uE011/gi;
// React wraps each Suspense boundary in comments: `<!--$-->` when its content came with the page, `<!--$!-->` when the
// browser is to render it, `<!--$?-->` while it waits for a streamed segment, each closed by `<!--/$-->`. A waiting
// boundary holds the segment's placeholder and the fallback shown meanwhile ("Loading paragraph...", a spinner), which
// React's script removes when it puts the segment in. The stripper marks a waiting boundary's extent (F:n to G:n).
const WAITING_BOUNDARY = /\uE010F:(\d+)\uE011([\s\S]*?)\uE010G:\1\uE011/g;
const PLACEHOLDER_MARK = /\uE010B:([0-9a-f]+)\uE011/gi;

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
 * Tells the stripper where React's waiting Suspense boundaries start and end, from the comments that delimit every
 * boundary (so that each `<!--/$-->` closes the boundary it belongs to).
 */
export class SuspenseBoundaries {
  // Per open boundary, outermost first: its number when it waits for a segment, undefined otherwise.
  private readonly open: (number | undefined)[] = [];
  private count = 0;

  /** The mark to write for the comment `data`, or undefined when it is no boundary's start or end that matters. */
  markFor(data: string): string | undefined {
    if (data === '$?') {
      this.count += 1;
      this.open.push(this.count);
      return `\uE010F:${this.count}\uE011`;
    }
    if (data === '$' || data === '$!') this.open.push(undefined);
    else if (data === '/$') {
      const waiting = this.open.pop();
      if (waiting !== undefined) return `\uE010G:${waiting}\uE011`;
    }
    return undefined;
  }
}

/** `html` without the fallbacks of waiting boundaries whose segment arrived: only their placeholders stay. */
function withoutReplacedFallbacks(html: string, streamed: ReadonlySet<string>): string {
  return html.replace(WAITING_BOUNDARY, (whole, _id: string, body: string) => {
    const placeholders = body.match(PLACEHOLDER_MARK) ?? [];
    const arrived = placeholders.some((mark) => streamed.has(mark.slice(3, -1).toLowerCase()));
    return arrived ? placeholders.join('') : whole;
  });
}

/**
 * Moves every marked segment to its placeholder, as React's script would, dropping the fallback shown in its place
 * meanwhile, and removes the marks. A segment's own
 * content may hold the placeholders of later segments. A segment without a placeholder stays where it is; a
 * placeholder without a segment leaves nothing.
 */
export function placeStreamedSegments(html: string): string {
  if (!html.includes('\uE010')) return html;
  const streamed = new Set([...html.matchAll(/\uE010S:([0-9a-f]+)\uE011/gi)].map((match) => match[1]?.toLowerCase()));
  const withFallbacks = withoutReplacedFallbacks(html, streamed);
  const placeholders = new Set([...withFallbacks.matchAll(PLACEHOLDER_MARK)].map((match) => match[1]?.toLowerCase()));
  const segments = new Map<string, string>();
  const withoutSegments = withFallbacks.replace(
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
