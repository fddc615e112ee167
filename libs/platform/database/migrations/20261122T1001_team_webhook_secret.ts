import { type Kysely, sql } from 'kysely';

// Owned by billing-service: each team signs its webhooks with its own secret (X-Firecrawl-Signature). The
// service fills it from a cryptographic random source the first time it is needed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table teams add column webhook_secret text;`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table teams drop column webhook_secret;`.execute(db);
}
