import { Agent, type Dispatcher, request as undiciRequest } from 'undici';
import { DomainError } from '@wh/platform/errors';
import { recordLlmCall } from '@wh/platform/telemetry';
import {
  acquireAttemptSlot,
  describeNoAttemptSlot,
  readLimited,
  type BackoffPolicy,
  parseRetryAfter,
  retryDelayMs,
  Semaphore,
  sleep,
} from '@wh/platform/outbound';
import { llmOutputInvalid, llmTimeout, llmUnavailable } from './llm-errors';
import type { LlmCompletion, LlmOutputSchema, LlmProvider, LlmRequest } from './llm-provider';
import { countTokens } from './token-count';

/** How structured output is asked for, from the strictest to what every server understands. */
export type StructuredOutputMode = 'json_schema' | 'json_object' | 'prompt';

export interface OpenAiCompatibleOptions {
  /** Ends before `/chat/completions`: `https://api.openai.com/v1`, `http://localhost:11434/v1`, an Azure deployment URL. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Longest one HTTP attempt may take; shortened to what is left of the caller's deadline. */
  timeoutMs: number;
  /** Calls in flight at once in this process. */
  maxConcurrency: number;
  /** Further attempts after a 429, a 5xx or a network failure. */
  retries?: number;
  backoff?: BackoffPolicy;
  /** Sampling temperature; 0 for repeatable extraction. */
  temperature?: number;
  /** Largest reply body read, so a misbehaving server cannot exhaust memory. */
  maxResponseBytes?: number;
  dispatcher?: Dispatcher;
}

/** What a server refused about a model, remembered so later calls do not ask again. */
interface ModelQuirks {
  mode: StructuredOutputMode;
  tokenField: 'max_tokens' | 'max_completion_tokens';
  sendTemperature: boolean;
}

interface ChatCompletionReply {
  model?: string;
  choices?: Array<{
    message?: { content?: string | Array<{ type?: string; text?: string }> | null; refusal?: string | null };
    finish_reason?: string | null;
  }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

type AttemptOutcome =
  | { kind: 'ok'; reply: ChatCompletionReply }
  | { kind: 'http'; status: number; message: string; retryAfterMs?: number }
  | { kind: 'network'; error: unknown };

const DEFAULT_BACKOFF: BackoffPolicy = { baseDelayMs: 500, maxDelayMs: 8_000 };
const MAX_DOWNGRADES = 4;
const MESSAGE_OVERHEAD_TOKENS = 4;

/**
 * The OpenAI chat-completions protocol, as OpenAI, Azure OpenAI, Ollama (>= 0.5, `/v1`), vLLM, llama.cpp's
 * llama-server and LiteLLM speak it. Structured output starts at `json_schema` (strict) and falls back to
 * `json_object`, then to instructions alone, when a server answers 400 about `response_format`; the fallback is
 * remembered per model for the life of the provider.
 */
export class OpenAiCompatibleProvider implements LlmProvider {
  readonly model: string;
  private readonly url: URL;
  private readonly headers: Record<string, string>;
  private readonly semaphore: Semaphore;
  private readonly quirks = new Map<string, ModelQuirks>();
  private readonly dispatcher: Dispatcher;
  private readonly retries: number;
  private readonly backoff: BackoffPolicy;

  constructor(private readonly options: OpenAiCompatibleOptions) {
    this.model = options.model;
    this.url = chatCompletionsUrl(options.baseUrl);
    this.headers = {
      'content-type': 'application/json',
      accept: 'application/json',
      ...authHeaders(this.url, options.apiKey),
    };
    this.semaphore = new Semaphore(options.maxConcurrency);
    // Timeouts come from each call's abort signal, not from the agent's fixed ones.
    this.dispatcher = options.dispatcher ?? new Agent({ headersTimeout: 0, bodyTimeout: 0, keepAliveTimeout: 30_000 });
    this.retries = options.retries ?? 2;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
  }

  /** The structured-output mode the next call with a strict schema starts at (after any remembered fallback). */
  structuredOutputMode(): StructuredOutputMode {
    return this.quirksOf().mode;
  }

  async complete(request: LlmRequest): Promise<LlmCompletion> {
    const startedAt = performance.now();
    return this.completeWithRetries(request).then(
      (completion) => (recordLlmCall('ok', startedAt, completion.usage), completion),
      (error: unknown) => {
        recordLlmCall(error instanceof DomainError ? error.code : 'failed', startedAt);
        throw error;
      },
    );
  }

  private async completeWithRetries(request: LlmRequest): Promise<LlmCompletion> {
    let attempt = 0;
    let downgrades = 0;
    for (;;) {
      const quirks = this.quirksOf();
      const mode =
        request.schema && (request.schema.strict || quirks.mode !== 'json_schema') ? quirks.mode : 'json_object';
      const system = request.schema
        ? `${request.system}\n\n${schemaInstruction(request.schema, mode)}`
        : request.system;
      const body = this.requestBody(request, system, mode, quirks);
      const outcome = await this.attempt(body, request);

      if (outcome.kind === 'ok') return this.completion(outcome.reply, system, request.user);

      if (
        outcome.kind === 'http' &&
        downgrades < MAX_DOWNGRADES &&
        this.adapt(outcome, request.schema ? mode : undefined)
      ) {
        downgrades += 1;
        continue;
      }

      const retryable = outcome.kind === 'network' || outcome.status === 429 || outcome.status >= 500;
      if (!retryable || attempt >= this.retries) throw failure(outcome, attempt + 1);
      attempt += 1;
      const delay = retryDelayMs(attempt, this.backoff, outcome.kind === 'http' ? outcome.retryAfterMs : undefined);
      const left = timeLeft(request);
      if (delay >= left)
        throw failure(
          outcome,
          attempt,
          `the server asked to wait ${delay} ms, more than the ${Math.max(0, left)} ms left`,
        );
      await sleep(delay, request.signal).catch(() => {
        throw llmTimeout('the caller stopped waiting for the LLM');
      });
    }
  }

  private quirksOf(): ModelQuirks {
    let quirks = this.quirks.get(this.model);
    if (!quirks) {
      quirks = { mode: 'json_schema', tokenField: 'max_tokens', sendTemperature: true };
      this.quirks.set(this.model, quirks);
    }
    return quirks;
  }

  /** Learns from a 400 that names what the server does not take; true when the call is worth sending again. */
  private adapt(outcome: { status: number; message: string }, mode: StructuredOutputMode | undefined): boolean {
    if (outcome.status !== 400 && outcome.status !== 422) return false;
    const quirks = this.quirksOf();
    const message = outcome.message;
    if (
      mode &&
      mode !== 'prompt' &&
      /response_format|json_schema|json_object|structured output|guided|grammar/i.test(message)
    ) {
      quirks.mode = mode === 'json_schema' ? 'json_object' : 'prompt';
      return true;
    }
    if (quirks.tokenField === 'max_tokens' && /max_completion_tokens/.test(message)) {
      quirks.tokenField = 'max_completion_tokens';
      return true;
    }
    if (quirks.sendTemperature && /temperature/i.test(message)) {
      quirks.sendTemperature = false;
      return true;
    }
    return false;
  }

  private requestBody(request: LlmRequest, system: string, mode: StructuredOutputMode, quirks: ModelQuirks): string {
    const body: Record<string, unknown> = {
      model: this.model,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: request.user },
      ],
      [quirks.tokenField]: request.maxOutputTokens,
      stream: false,
    };
    if (quirks.sendTemperature) body.temperature = this.options.temperature ?? 0;
    if (request.schema && mode === 'json_schema') {
      body.response_format = {
        type: 'json_schema',
        json_schema: { name: request.schema.name, strict: true, schema: request.schema.schema },
      };
    } else if (request.schema && mode === 'json_object') {
      body.response_format = { type: 'json_object' };
    }
    return JSON.stringify(body);
  }

  /** One HTTP attempt inside a concurrency slot, bounded by the configured timeout and the caller's deadline. */
  private async attempt(body: string, request: LlmRequest): Promise<AttemptOutcome> {
    const slot = await acquireAttemptSlot(this.semaphore, {
      timeoutMs: this.options.timeoutMs,
      deadlineAt: request.deadlineAt ?? Number.POSITIVE_INFINITY,
      signal: request.signal,
    });
    if ('refused' in slot) {
      const refusal = describeNoAttemptSlot(slot, { call: 'the LLM call', slot: 'LLM' }, this.options.maxConcurrency);
      throw llmTimeout(refusal.message, refusal.details);
    }
    const { signal, timeoutMs } = slot;
    try {
      const response = await undiciRequest(this.url, {
        method: 'POST',
        headers: this.headers,
        body,
        signal,
        dispatcher: this.dispatcher,
      });
      const text = await readLimited(response.body, this.options.maxResponseBytes ?? 16 * 1024 * 1024, tooLarge);
      if (response.statusCode >= 200 && response.statusCode < 300) {
        try {
          return { kind: 'ok', reply: JSON.parse(text) as ChatCompletionReply };
        } catch {
          throw llmUnavailable(
            'the LLM server answered with something other than JSON',
            { status: response.statusCode },
            false,
          );
        }
      }
      return {
        kind: 'http',
        status: response.statusCode,
        message: errorMessage(text),
        retryAfterMs: parseRetryAfter(response.headers['retry-after']),
      };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (request.signal?.aborted) throw llmTimeout('the caller stopped waiting for the LLM');
      if (signal.aborted) throw llmTimeout(`the LLM did not answer within ${timeoutMs} ms`, { timeoutMs });
      return { kind: 'network', error };
    } finally {
      slot.release();
    }
  }

  private completion(reply: ChatCompletionReply, system: string, user: string): LlmCompletion {
    const choice = reply.choices?.[0];
    const refusal = choice?.message?.refusal;
    if (refusal) throw llmOutputInvalid('the model refused to answer', { refusal });
    const content = choice?.message?.content;
    const text = typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join('');
    const reported = reply.usage;
    const usage =
      typeof reported?.prompt_tokens === 'number' && typeof reported.completion_tokens === 'number'
        ? { promptTokens: reported.prompt_tokens, completionTokens: reported.completion_tokens, estimated: false }
        : {
            promptTokens: countTokens(system) + countTokens(user) + 2 * MESSAGE_OVERHEAD_TOKENS,
            completionTokens: countTokens(text),
            estimated: true,
          };
    return { text, usage, model: reply.model ?? this.model, finishReason: choice?.finish_reason ?? undefined };
  }
}

/** The base URL with `/chat/completions` appended to its path, its query (Azure's `api-version`) kept. */
export function chatCompletionsUrl(baseUrl: string): URL {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = path.endsWith('/chat/completions') ? path : `${path}/chat/completions`;
  return url;
}

/** Azure OpenAI takes its key in `api-key`; every other server in `Authorization: Bearer`. */
function authHeaders(url: URL, apiKey: string | undefined): Record<string, string> {
  if (!apiKey) return {};
  const azure = url.hostname.endsWith('.azure.com') || url.pathname.includes('/openai/deployments/');
  return azure ? { 'api-key': apiKey } : { authorization: `Bearer ${apiKey}` };
}

function schemaInstruction(schema: LlmOutputSchema, mode: StructuredOutputMode): string {
  const text = JSON.stringify(schema.schema);
  return mode === 'json_schema'
    ? `Your answer is JSON that validates against this JSON schema:\n${text}`
    : `Answer with one JSON value and nothing else (no prose, no code fences). It must validate against this JSON schema:\n${text}`;
}

function timeLeft(request: LlmRequest): number {
  return request.deadlineAt === undefined ? Number.POSITIVE_INFINITY : request.deadlineAt - Date.now();
}

/** The error text of a failed reply, whichever shape the server uses (OpenAI, Ollama, vLLM, llama-server). */
function errorMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: string | { message?: string }; message?: string; detail?: unknown };
    const message =
      typeof parsed.error === 'string'
        ? parsed.error
        : (parsed.error?.message ?? parsed.message ?? (parsed.detail ? JSON.stringify(parsed.detail) : undefined));
    if (message) return message.slice(0, 1_000);
  } catch {
    // Not JSON: the text itself.
  }
  return text.slice(0, 1_000);
}

function failure(outcome: Exclude<AttemptOutcome, { kind: 'ok' }>, attempts: number, why?: string): DomainError {
  if (outcome.kind === 'network') {
    const cause = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    const code = (outcome.error as { code?: string } | undefined)?.code;
    return llmUnavailable(
      `the LLM server could not be reached: ${cause}`,
      { attempts, ...(code ? { cause: code } : {}) },
      true,
    );
  }
  const retryable = outcome.status === 429 || outcome.status >= 500;
  const refusedKey = outcome.status === 401 || outcome.status === 403;
  const message = refusedKey
    ? `the LLM server refused the API key (HTTP ${outcome.status}): check LLM_API_KEY`
    : `the LLM server answered HTTP ${outcome.status}${why ? ` (${why})` : ''}: ${outcome.message}`;
  return llmUnavailable(message, { status: outcome.status, attempts }, retryable);
}

function tooLarge(maxBytes: number): Error {
  return llmUnavailable(`the LLM server's answer exceeded ${maxBytes} bytes`, { maxBytes }, false);
}
