import { IsString } from 'class-validator';
import { ServiceConfig } from '@wh/platform/config';

/** Settings of a service that owns tables. */
export class ServiceDatabaseConfig extends ServiceConfig {
  @IsString()
  DATABASE_URL: string = 'postgres://postgres@127.0.0.1:5432/webharvest';
}
