import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';

/** Longest `prompt` a caller may give for the `json` format (Firecrawl's documented limit is far below). */
export const MAX_EXTRACTION_PROMPT_CHARS = 10_000;

/** The `json` format: a JSON schema to fill, a prompt saying what to extract, or both. */
export class JsonFormatRequest {
  /** A JSON schema (draft-07 or 2020-12, as zod-to-json-schema and Pydantic emit them); compiled on receipt. */
  @IsOptional()
  @IsObject()
  schema?: Record<string, unknown>;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_EXTRACTION_PROMPT_CHARS)
  prompt?: string;
}

/** The LLM formats asked of one page. */
export class ExtractionFormats {
  @IsOptional()
  @ValidateNested()
  @Type(() => JsonFormatRequest)
  json?: JsonFormatRequest;

  @IsOptional()
  @IsBoolean()
  summary?: boolean;
}

/** Request on `extract.page.run`: the LLM formats of one scraped page. */
export class ExtractPageRequest {
  @IsString()
  teamId!: string;

  @IsString()
  url!: string;

  @IsString()
  markdown!: string;

  /** The page's HTML (raw or cleaned): the deterministic extractor reads its structured data. */
  @IsOptional()
  @IsString()
  html?: string;

  @ValidateNested()
  @Type(() => ExtractionFormats)
  formats!: ExtractionFormats;

  /** Epoch ms after which nobody waits for the answer any more. */
  @IsInt()
  deadlineAt!: number;

  /** Nothing of the page is cached or logged. */
  @IsBoolean()
  zeroDataRetention!: boolean;
}

/** Tokens spent on one page; `calls` counts the model calls made (cached answers cost none). */
export interface ExtractionUsage {
  promptTokens: number;
  completionTokens: number;
  calls: number;
}

/** Reply of `extract.page.run`. */
export interface ExtractPageReply {
  /** The value filled for the `json` format; it validates against the caller's schema. */
  json?: unknown;
  summary?: string;
  /** Said whenever the answer is partial or made another way: no LLM, a trimmed or chunked page. */
  warning?: string;
  usage: ExtractionUsage;
  /** The model that answered; absent when no model was called. */
  model?: string;
}
