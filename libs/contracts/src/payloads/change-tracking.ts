import { ArrayUnique, IsArray, IsIn, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_EXTRACTION_PROMPT_CHARS } from './extraction';

/** What a `changeTracking` format may add besides the status: a git-style diff, a comparison of extracted fields. */
export const CHANGE_TRACKING_MODES = ['git-diff', 'json'] as const;
export type ChangeTrackingMode = (typeof CHANGE_TRACKING_MODES)[number];

/** Longest `tag` a caller may file snapshots under. */
export const MAX_CHANGE_TRACKING_TAG_CHARS = 256;

/** The `changeTracking` format as resolved by the gateway; `tag` is '' when the caller gave none. */
export class ChangeTrackingOptions {
  @IsArray()
  @ArrayUnique()
  @IsIn(CHANGE_TRACKING_MODES, { each: true })
  modes!: ChangeTrackingMode[];

  @IsString()
  @MaxLength(MAX_CHANGE_TRACKING_TAG_CHARS)
  tag!: string;

  /** json mode: the fields to extract from both versions and compare. */
  @IsOptional()
  @IsObject()
  schema?: Record<string, unknown>;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_EXTRACTION_PROMPT_CHARS)
  prompt?: string;
}

export type ChangeStatus = 'new' | 'same' | 'changed' | 'removed';
export type ChangeVisibility = 'visible' | 'hidden';

/** One line of a diff chunk, shaped as Firecrawl's `diff.json` (parse-diff's shape). */
export type DiffLine =
  | { type: 'add'; add: true; ln: number; content: string }
  | { type: 'del'; del: true; ln: number; content: string }
  | { type: 'normal'; normal: true; ln1: number; ln2: number; content: string };

export interface DiffChunk {
  /** The hunk header, `@@ -a,b +c,d @@`. */
  content: string;
  changes: DiffLine[];
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
}

export interface DiffFile {
  from: string | null;
  to: string | null;
  chunks: DiffChunk[];
  additions: number;
  deletions: number;
}

/** `data.changeTracking` of a scrape (Firecrawl v2). */
export interface ChangeTrackingResult {
  /** When the version compared against was scraped; null for a page seen for the first time. */
  previousScrapeAt: string | null;
  changeStatus: ChangeStatus;
  visibility: ChangeVisibility;
  /** git-diff mode: the previous markdown against the current one. */
  diff?: { text: string; json: { files: DiffFile[] } };
  /** json mode: `{field: {previous, current}}` for a schema, a description of the change without one. */
  json?: unknown;
}
