import type { ColumnType, Generated } from 'kysely';

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
}
