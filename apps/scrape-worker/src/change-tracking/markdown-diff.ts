import { type StructuredPatchHunk, structuredPatch } from 'diff';
import type { DiffChunk, DiffFile, DiffLine } from '@wh/contracts';

/** Lines of unchanged context around each change, as `git diff` shows them. */
const CONTEXT_LINES = 3;

/** A unified diff of two markdown versions, as text and as Firecrawl's `diff.json`. */
export interface MarkdownDiff {
  text: string;
  json: { files: DiffFile[] };
}

/** Both versions end in a newline, so jsdiff never adds "\ No newline at end of file" to a changed last line. */
function withFinalNewline(markdown: string): string {
  return markdown === '' || markdown.endsWith('\n') ? markdown : `${markdown}\n`;
}

function hunkHeader(hunk: StructuredPatchHunk): string {
  return `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`;
}

/** Numbers each line of a hunk in the old and new versions, the way parse-diff (and so Firecrawl) does. */
function chunkOf(hunk: StructuredPatchHunk): DiffChunk {
  let oldLine = hunk.oldStart;
  let newLine = hunk.newStart;
  const changes: DiffLine[] = [];
  for (const line of hunk.lines) {
    if (line.startsWith('+')) changes.push({ type: 'add', add: true, ln: newLine++, content: line });
    else if (line.startsWith('-')) changes.push({ type: 'del', del: true, ln: oldLine++, content: line });
    else if (line.startsWith(' '))
      changes.push({ type: 'normal', normal: true, ln1: oldLine++, ln2: newLine++, content: line });
  }
  return {
    content: hunkHeader(hunk),
    changes,
    oldStart: hunk.oldStart,
    oldLines: hunk.oldLines,
    newStart: hunk.newStart,
    newLines: hunk.newLines,
  };
}

/**
 * The previous markdown against the current one, line by line (jsdiff's Myers diff). The text holds the hunks
 * without file headers and the json one file whose `from` and `to` are null: the two sides are versions of one page,
 * not files, as in Firecrawl's answers. Identical versions give an empty text and no file.
 */
export function markdownDiff(previous: string, current: string): MarkdownDiff {
  const patch = structuredPatch('', '', withFinalNewline(previous), withFinalNewline(current), undefined, undefined, {
    context: CONTEXT_LINES,
  });
  if (patch.hunks.length === 0) return { text: '', json: { files: [] } };
  const chunks = patch.hunks.map(chunkOf);
  const text = patch.hunks.map((hunk) => [hunkHeader(hunk), ...hunk.lines].join('\n')).join('\n');
  const count = (type: DiffLine['type']): number =>
    chunks.reduce((sum, chunk) => sum + chunk.changes.filter((change) => change.type === type).length, 0);
  return {
    text,
    json: { files: [{ from: null, to: null, chunks, additions: count('add'), deletions: count('del') }] },
  };
}
