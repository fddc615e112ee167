import { IsInt, IsString, IsUrl, Max, Min, ValidateBy, ValidateIf } from 'class-validator';
import { ServiceDatabaseConfig } from '@wh/platform/database';

/** The first setting given (an empty string counts as not given). */
function firstSet(...values: Array<string | undefined>): string | undefined {
  return values.find((value) => value !== undefined && value.trim() !== '')?.trim();
}

/** Firecrawl's `OLLAMA_BASE_URL` names the server; its OpenAI-compatible API is under `/v1`. */
function ollamaApi(url: string | undefined): string | undefined {
  if (!url?.trim()) return undefined;
  const trimmed = url.trim().replace(/\/+$/, '');
  return trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`;
}

const URL_OPTIONS = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };
const given = (value: string | undefined): boolean => value !== undefined && value.trim() !== '';

/** The model to call, as resolved from our settings and Firecrawl's. */
export interface LlmSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

/**
 * Settings of extract-service. The LLM is named by `LLM_BASE_URL`, `LLM_API_KEY` and `LLM_MODEL`, or by Firecrawl's
 * names: `OPENAI_BASE_URL`, `OPENAI_API_KEY` (alone: OpenAI itself with `gpt-4o-mini`), `MODEL_NAME`,
 * `OLLAMA_BASE_URL` (the server; `/v1` is added). Ours win when both are set. Without a base URL the service runs
 * without an LLM (see `llm`).
 */
export class ExtractServiceConfig extends ServiceDatabaseConfig {
  override HTTP_PORT: number = 3104;

  /** OpenAI-compatible API base, up to `/v1` (`http://localhost:11434/v1` for Ollama). */
  @ValidateIf((config: ExtractServiceConfig) => given(config.LLM_BASE_URL))
  @IsUrl(URL_OPTIONS, { message: 'LLM_BASE_URL must be an http(s) URL' })
  LLM_BASE_URL?: string;

  @ValidateIf((config: ExtractServiceConfig) => given(config.LLM_API_KEY))
  @IsString()
  LLM_API_KEY?: string;

  @ValidateIf((config: ExtractServiceConfig) => config.llmBaseUrl() !== undefined)
  @ValidateBy({
    name: 'modelNamed',
    validator: {
      validate: (_value, args) => (args?.object as ExtractServiceConfig).llmModel() !== undefined,
      defaultMessage: () => 'LLM_MODEL (or MODEL_NAME) is required when an LLM base URL is set',
    },
  })
  LLM_MODEL?: string;

  /** Firecrawl's name of `LLM_BASE_URL`. */
  @ValidateIf((config: ExtractServiceConfig) => given(config.OPENAI_BASE_URL))
  @IsUrl(URL_OPTIONS, { message: 'OPENAI_BASE_URL must be an http(s) URL' })
  OPENAI_BASE_URL?: string;

  /** Firecrawl's name of `LLM_API_KEY`; alone, it means OpenAI's own API. */
  @ValidateIf((config: ExtractServiceConfig) => given(config.OPENAI_API_KEY))
  @IsString()
  OPENAI_API_KEY?: string;

  /** Firecrawl's name of `LLM_MODEL`. */
  @ValidateIf((config: ExtractServiceConfig) => given(config.MODEL_NAME))
  @IsString()
  MODEL_NAME?: string;

  /** Firecrawl's Ollama server (`http://localhost:11434`). */
  @ValidateIf((config: ExtractServiceConfig) => given(config.OLLAMA_BASE_URL))
  @IsUrl(URL_OPTIONS, { message: 'OLLAMA_BASE_URL must be an http(s) URL' })
  OLLAMA_BASE_URL?: string;

  /** The model's context window in tokens; pages longer than it (less the prompt and answer) are chunked. */
  @IsInt()
  @Min(1_024)
  @Max(10_000_000)
  LLM_CONTEXT_TOKENS: number = 8_192;

  /** Longest answer asked of the model, in tokens. */
  @IsInt()
  @Min(64)
  @Max(100_000)
  LLM_MAX_OUTPUT_TOKENS: number = 2_048;

  /** Longest one LLM call may take; a request's own deadline may cut it shorter. */
  @IsInt()
  @Min(1_000)
  @Max(600_000)
  LLM_TIMEOUT_MS: number = 60_000;

  /** LLM calls in flight at once in this process. */
  @IsInt()
  @Min(1)
  @Max(256)
  LLM_MAX_CONCURRENCY: number = 4;

  /** Most chunks of one page sent to the model; the rest of a longer page is left out (and the reply says so). */
  @IsInt()
  @Min(1)
  @Max(100)
  LLM_MAX_CHUNKS: number = 8;

  /** How long a cached model answer is served. */
  @IsInt()
  @Min(0)
  LLM_CACHE_TTL_MS: number = 7 * 24 * 3_600_000;

  /** SearXNG instance answering web search (its JSON API at `/search`); without it search is off (SEARCH_NOT_CONFIGURED). */
  @ValidateIf((config: ExtractServiceConfig) => given(config.SEARCH_URL))
  @IsUrl(URL_OPTIONS, { message: 'SEARCH_URL must be an http(s) URL' })
  SEARCH_URL?: string;

  /** Search backend calls in flight at once in this process. */
  @IsInt()
  @Min(1)
  @Max(256)
  SEARCH_MAX_CONCURRENCY: number = 8;

  /** Longest one call to the search backend may take; a request's own deadline may cut it shorter. */
  @IsInt()
  @Min(500)
  @Max(120_000)
  SEARCH_TIMEOUT_MS: number = 10_000;
  /** How often each replica deletes cached answers past `LLM_CACHE_TTL_MS`. */
  @IsInt()
  @Min(1_000)
  LLM_CACHE_SWEEP_INTERVAL_MS: number = 10 * 60_000;

  /** Expired answers deleted per statement of a sweep (a pass runs at most 20 of them). */
  @IsInt()
  @Min(1)
  @Max(100_000)
  LLM_CACHE_SWEEP_BATCH: number = 1_000;

  /** The LLM to call; undefined without one (`json` then uses the deterministic extractor, `summary` the page's words). */
  get llm(): LlmSettings | undefined {
    const baseUrl = this.llmBaseUrl();
    const model = this.llmModel();
    if (!baseUrl || !model) return undefined;
    const apiKey = firstSet(this.LLM_API_KEY, this.OPENAI_API_KEY);
    return apiKey ? { baseUrl, apiKey, model } : { baseUrl, model };
  }

  llmBaseUrl(): string | undefined {
    const openAiItself = given(this.OPENAI_API_KEY) ? 'https://api.openai.com/v1' : undefined;
    return firstSet(this.LLM_BASE_URL, this.OPENAI_BASE_URL, ollamaApi(this.OLLAMA_BASE_URL), openAiItself);
  }

  llmModel(): string | undefined {
    const named = firstSet(this.LLM_MODEL, this.MODEL_NAME);
    if (named) return named;
    const onlyOpenAiKey =
      !firstSet(this.LLM_BASE_URL, this.OPENAI_BASE_URL, this.OLLAMA_BASE_URL) && given(this.OPENAI_API_KEY);
    return onlyOpenAiKey ? 'gpt-4o-mini' : undefined;
  }
}
