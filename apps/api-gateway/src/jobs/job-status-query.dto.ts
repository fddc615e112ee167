import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Query of GET /v2/crawl/{id} and /v2/batch/scrape/{id}: which documents to return. */
export class JobStatusQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  // Past this an integer is no longer exact, and Postgres's OFFSET refuses what follows (a 1e30 skip was a 500).
  @Max(Number.MAX_SAFE_INTEGER)
  skip?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  limit?: number;
}
