import type { ColumnType, Generated } from 'kysely';
import type { ExtractJobCreateRequest, ExtractJobStatus } from '@wh/contracts';

/** The tables extract-service owns; no other service sees them. */
export interface ExtractDatabase {
  extract_llm_cache: {
    cache_key: string;
    model: string;
    prompt_version: string;
    task: string;
    schema_hash: string;
    content_hash: string;
    /** Written as JSON text: pg would turn a JavaScript array into a Postgres array. */
    answer: ColumnType<unknown, string, string>;
    prompt_tokens: number;
    completion_tokens: number;
    created_at: Generated<Date>;
  };
  extract_jobs: {
    id: string;
    team_id: string;
    api_key_id: string | null;
    idempotency_key: string | null;
    status: ExtractJobStatus;
    /** The job's request as the gateway resolved it, JSON text on the way in. */
    request: ColumnType<ExtractJobRequest, string, string>;
    targets: ColumnType<string[] | null, string | null, string | null>;
    data: ColumnType<unknown, string | null, string | null>;
    sources: ColumnType<Record<string, string[]> | null, string | null, string | null>;
    warning: string | null;
    error: string | null;
    tokens_used: Generated<number>;
    credits_used: Generated<number>;
    created_at: Generated<Date>;
    finished_at: Date | null;
    billed_at: Date | null;
    expires_at: Date;
  };
  extract_job_pages: {
    job_id: string;
    position: number;
    url: string;
    markdown: string | null;
    html: string | null;
    error: string | null;
  };
}

/** What a job was asked to do, kept with it so any replica can run or resume it. */
export type ExtractJobRequest = Pick<
  ExtractJobCreateRequest,
  'urls' | 'prompt' | 'schema' | 'systemPrompt' | 'showSources' | 'enableWebSearch' | 'scrapeOptions'
>;
