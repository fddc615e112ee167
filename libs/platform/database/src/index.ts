export * from './create-kysely';
export * from './database-config';
export * from './database.module';
export * from './service-database-config';
