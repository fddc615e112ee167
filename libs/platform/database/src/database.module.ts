import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { createKysely } from './create-kysely';
import type { ServiceDatabaseConfig } from './service-database-config';

/** Injection token of the service's Kysely instance (typed by the service: `Kysely<ItsDatabase>`). */
export const DATABASE = Symbol('DATABASE');

@Injectable()
class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(@Inject(DATABASE) private readonly db: Kysely<unknown>) {}

  async onApplicationShutdown(): Promise<void> {
    await this.db.destroy();
  }
}

/** Ready while the database answers a trivial query. */
@Injectable()
export class DatabaseReadinessCheck {
  readonly name = 'postgres';

  constructor(@Inject(DATABASE) private readonly db: Kysely<unknown>) {}

  async isReady(): Promise<boolean> {
    await sql`select 1`.execute(this.db);
    return true;
  }
}

@Module({})
export class DatabaseModule {
  static forRoot(configClass: new () => ServiceDatabaseConfig): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      providers: [
        {
          provide: DATABASE,
          inject: [configClass, LOGGER],
          useFactory: (config: ServiceDatabaseConfig, logger: Logger) =>
            createKysely(config.DATABASE_URL, (error) => logger.warn({ err: error }, 'idle database connection lost')),
        },
        DatabaseLifecycle,
        DatabaseReadinessCheck,
      ],
      exports: [DATABASE, DatabaseReadinessCheck],
    };
  }
}
