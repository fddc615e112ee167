import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Matches, MaxLength, Min, ValidateNested } from 'class-validator';
import { ResolvedScrapeOptions, type ScrapeDocument } from './scrape-job';

/** Object-store prefix of uploads waiting for conversion; the team id follows, then the job id. */
export const PARSE_UPLOAD_PREFIX = 'parse-uploads';

/** Storage key of an upload of POST /v2/parse: the team's folder under {@link PARSE_UPLOAD_PREFIX}. */
export function parseUploadKey(teamId: string, jobId: string): string {
  return `${PARSE_UPLOAD_PREFIX}/${teamId}/${jobId}`;
}

/**
 * Request on `scrape.file.parse`: convert one uploaded file, already in the object store, into a document. The bytes
 * never travel over NATS; the worker reads them from `objectKey` and deletes them once read.
 */
export class ParseFileRequest {
  @IsUUID()
  jobId!: string;

  @IsString()
  teamId!: string;

  /** The API key the upload came with, for per-key usage; absent when authentication is disabled. */
  @IsOptional()
  @IsUUID()
  apiKeyId?: string;

  @IsString()
  @Matches(new RegExp(`^${PARSE_UPLOAD_PREFIX}/`))
  objectKey!: string;

  /** The name the client gave the file part (it names the document in its metadata). */
  @IsString()
  @MaxLength(1024)
  filename!: string;

  /** The file part's Content-Type as the client declared it; trusted only after the bytes' own signature. */
  @IsOptional()
  @IsString()
  @MaxLength(255)
  declaredContentType?: string;

  @ValidateNested()
  @Type(() => ResolvedScrapeOptions)
  options!: ResolvedScrapeOptions;

  /** Epoch ms after which nobody waits for the document any more. */
  @IsInt()
  @Min(0)
  deadlineAt!: number;
}

/** Reply of `scrape.file.parse`: the document, shaped as a scrape's. */
export type ParsedFileReply = ScrapeDocument;
