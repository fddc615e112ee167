import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { SdkRequest } from '../http/sdk-fields';
import {
  BROWSER_ACTIVITY_TTL_SECONDS,
  BROWSER_PROFILE_NAME_LENGTH,
  BROWSER_TTL_SECONDS,
  type BrowserSessionStatus,
} from '@wh/contracts';

export class BrowserProfileDto {
  @IsString()
  @Length(BROWSER_PROFILE_NAME_LENGTH.min, BROWSER_PROFILE_NAME_LENGTH.max)
  name!: string;

  @IsOptional()
  @IsBoolean()
  saveChanges?: boolean;
}

/** Body of POST /v2/browser (spec 2.1). */
export class CreateBrowserRequestDto extends SdkRequest {
  @IsOptional()
  @IsInt()
  @Min(BROWSER_TTL_SECONDS.min)
  @Max(BROWSER_TTL_SECONDS.max)
  ttl?: number;

  @IsOptional()
  @IsInt()
  @Min(BROWSER_ACTIVITY_TTL_SECONDS.min)
  @Max(BROWSER_ACTIVITY_TTL_SECONDS.max)
  activityTtl?: number;

  @IsOptional()
  @IsBoolean()
  streamWebView?: boolean;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => BrowserProfileDto)
  profile?: BrowserProfileDto;
}

/** Query of GET /v2/browser. */
export class ListBrowsersQueryDto {
  @IsOptional()
  @IsIn(['active', 'destroyed'])
  status?: BrowserSessionStatus;
}
