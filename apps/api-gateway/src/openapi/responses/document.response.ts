import { Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { AnyJson, OpenObject } from './schema-decorators';

/** `metadata` of a document: the fields below, and every meta tag of the page under its own name. */
@OpenObject('Page metadata: the listed fields, plus each meta tag of the page (`og:title`, `description`...) by name')
export class DocumentMetadata {
  @IsString()
  sourceURL!: string;

  @IsString()
  url!: string;

  @IsInt()
  statusCode!: number;

  @IsOptional()
  @IsString()
  title?: string;

  @IsOptional()
  @IsString()
  description?: string;

  @IsOptional()
  @IsString()
  language?: string;

  @IsOptional()
  @IsString()
  contentType?: string;

  @IsOptional()
  @IsString()
  error?: string;

  @IsOptional()
  @IsIn(['hit', 'miss'])
  cacheState?: 'hit' | 'miss';

  @IsOptional()
  @IsString()
  cachedAt?: string;
}

export class ActionScrapeOutput {
  @IsString()
  url!: string;

  @IsString()
  html!: string;
}

export class JavascriptReturn {
  @IsString()
  type!: string;

  @AnyJson('What the script returned')
  value!: unknown;
}

/** What the request's `actions` produced, in their order. */
export class ActionOutputsBody {
  @IsArray()
  @IsString({ each: true })
  screenshots!: string[];

  @ValidateNested({ each: true })
  @Type(() => ActionScrapeOutput)
  scrapes!: ActionScrapeOutput[];

  @ValidateNested({ each: true })
  @Type(() => JavascriptReturn)
  javascriptReturns!: JavascriptReturn[];

  @IsArray()
  @IsString({ each: true })
  pdfs!: string[];
}

/** One scraped page: the formats asked for, and its metadata. */
export class ScrapedDocument {
  @IsOptional()
  @IsString()
  markdown?: string;

  @IsOptional()
  @IsString()
  html?: string;

  @IsOptional()
  @IsString()
  rawHtml?: string;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  links?: string[];

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  images?: string[];

  /** A signed URL of the stored image. */
  @IsOptional()
  @IsString()
  screenshot?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => ActionOutputsBody)
  actions?: ActionOutputsBody;

  @IsOptional()
  @AnyJson("The `json` format's answer; it validates against the schema the request gave")
  json?: unknown;

  @IsOptional()
  @IsString()
  summary?: string;

  /** `previousScrapeAt`, `changeStatus`, `visibility`, and `diff` or `json` by mode. */
  @IsOptional()
  @IsObject()
  changeTracking?: Record<string, unknown>;

  /** The `branding` format's profile: colours, fonts, typography, logo. */
  @IsOptional()
  @IsObject()
  branding?: Record<string, unknown>;

  @ValidateNested()
  @Type(() => DocumentMetadata)
  metadata!: DocumentMetadata;

  @IsOptional()
  @IsString()
  warning?: string;
}
