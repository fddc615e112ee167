import { type Kysely, sql } from 'kysely';

// Owned by crawl-scheduler: batch scrape and crawl jobs, their URL frontier and kept documents, robots.txt per
// origin, and webhook deliveries. The frontier lives here, not in memory, so a scheduler can die at any moment.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table crawl_jobs (
      id uuid primary key,
      team_id uuid not null,
      kind text not null,
      status text not null default 'scraping',
      url text not null,
      crawl_options jsonb,
      scrape_options jsonb not null,
      webhook jsonb,
      max_concurrency integer not null,
      team_concurrency_limit integer not null,
      delay_ms integer not null default 0,
      idempotency_key text,
      zero_data_retention boolean not null default false,
      seeded boolean not null default false,
      seed_claimed_until timestamptz,
      credits_used integer not null default 0,
      pages_admitted integer not null default 0,
      next_dispatch_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      finished_at timestamptz,
      expires_at timestamptz not null,
      unique (team_id, idempotency_key)
    );
    create index crawl_jobs_active on crawl_jobs(status) where status = 'scraping';
    create index crawl_jobs_expiry on crawl_jobs(expires_at);

    create table crawl_pages (
      id uuid primary key default gen_random_uuid(),
      job_id uuid not null references crawl_jobs(id) on delete cascade,
      team_id uuid not null,
      seq bigserial not null,
      result_seq bigint,
      url_key text not null,
      url text not null,
      depth integer not null default 0,
      state text not null default 'queued',
      attempts integer not null default 0,
      dispatched_at timestamptz,
      finished_at timestamptz,
      document text,
      document_bytes integer not null default 0,
      error jsonb,
      credits integer not null default 0,
      unique (job_id, url_key)
    );
    create index crawl_pages_job_state on crawl_pages(job_id, state, seq);
    create index crawl_pages_job_results on crawl_pages(job_id, result_seq) where state = 'completed';
    create sequence crawl_page_result_seq;
    create index crawl_pages_team_dispatched on crawl_pages(team_id) where state = 'dispatched';

    create table crawl_robots (
      job_id uuid not null references crawl_jobs(id) on delete cascade,
      origin text not null,
      body text not null,
      fetched_at timestamptz not null default now(),
      primary key (job_id, origin)
    );

    create table webhook_deliveries (
      id uuid primary key,
      job_id uuid not null,
      team_id uuid not null,
      event_type text not null,
      url text not null,
      headers jsonb not null,
      body text not null,
      attempts integer not null default 0,
      status text not null default 'pending',
      last_error text,
      created_at timestamptz not null default now(),
      delivered_at timestamptz
    );
    create index webhook_deliveries_job on webhook_deliveries(job_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table webhook_deliveries; drop table crawl_robots; drop sequence crawl_page_result_seq; drop table crawl_pages; drop table crawl_jobs;`.execute(
    db,
  );
}
