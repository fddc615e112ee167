import { IsString } from 'class-validator';

/** Settings of the database connection. */
export class DatabaseConfig {
  @IsString()
  DATABASE_URL: string = 'postgres://postgres@127.0.0.1:5432/webharvest';
}
