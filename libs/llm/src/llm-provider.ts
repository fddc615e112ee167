/** A JSON schema the answer must follow; `strict` when it is already in the strict subset of structured outputs. */
export interface LlmOutputSchema {
  /** `^[a-zA-Z0-9_-]{1,64}$`, as the protocol requires. */
  name: string;
  schema: Record<string, unknown>;
  /**
   * True when `schema` is in the strict subset (every property required, `additionalProperties: false`): only then
   * is it sent as `json_schema` with `strict: true`; other schemas start at `json_object`.
   */
  strict: boolean;
}

export interface LlmRequest {
  system: string;
  user: string;
  /** Ask for JSON following this schema; absent for free text (summaries). */
  schema?: LlmOutputSchema;
  maxOutputTokens: number;
  /** The caller's cancellation; its end ends the call. */
  signal?: AbortSignal;
  /** Epoch ms by which the caller needs the answer: the call's timeout is never longer than what is left. */
  deadlineAt?: number;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
  /** True when the server did not report usage and the tokens were counted here with a tokenizer. */
  estimated: boolean;
}

export interface LlmCompletion {
  text: string;
  usage: LlmUsage;
  /** The model that answered, as the server named it. */
  model: string;
  /** `stop`, `length` (the answer was cut at `maxOutputTokens`), ... as the server said. */
  finishReason?: string;
}

/** One way of talking to a language model. Failures are `DomainError`s with the `LLM_*` codes. */
export interface LlmProvider {
  /** The configured model name, for cache keys and replies. */
  readonly model: string;
  complete(request: LlmRequest): Promise<LlmCompletion>;
}
