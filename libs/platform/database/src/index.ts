export * from './create-kysely';
export * from './database.module';
export * from './service-database-config';
export * from './dev-stack-settings';
