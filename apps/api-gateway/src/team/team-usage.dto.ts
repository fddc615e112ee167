import { IsIn, IsOptional } from 'class-validator';

/** Query of the historical usage routes: `?byApiKey=true` splits each period by key. */
export class HistoricalUsageQueryDto {
  @IsOptional()
  @IsIn(['true', 'false'])
  byApiKey?: 'true' | 'false';
}
