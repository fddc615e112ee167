/** The command line `npm start` suggests for a local model. */
const OLLAMA_EXAMPLE = 'LLM_BASE_URL=http://localhost:11434/v1 LLM_MODEL=qwen2.5:7b npm start';

function first(env: NodeJS.ProcessEnv, ...names: string[]): string | undefined {
  return names.map((name) => env[name]?.trim()).find((value) => value !== undefined && value !== '');
}

/** A URL without credentials or query (an Azure key may sit in neither, but a proxy's password may). */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}

/**
 * What `npm start` says at boot about the json and summary formats: the model extract-service will call, or that it
 * runs without one and how to give it one. The services inherit the runner's environment, so the `LLM_*` settings
 * (and Firecrawl's `OPENAI_*`, `MODEL_NAME`, `OLLAMA_BASE_URL`) reach extract-service as they are; its own boot line
 * and config validation have the last word, this only mirrors their precedence.
 */
export function describeExtractionMode(env: NodeJS.ProcessEnv): string[] {
  const ollama = first(env, 'OLLAMA_BASE_URL');
  const openAiKey = first(env, 'OPENAI_API_KEY');
  const named = first(env, 'LLM_BASE_URL', 'OPENAI_BASE_URL');
  const baseUrl =
    named ??
    (ollama ? `${ollama.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1` : undefined) ??
    (openAiKey ? 'https://api.openai.com/v1' : undefined);
  const model = first(env, 'LLM_MODEL', 'MODEL_NAME') ?? (!named && !ollama && openAiKey ? 'gpt-4o-mini' : undefined);
  if (baseUrl && model) {
    const key = first(env, 'LLM_API_KEY', 'OPENAI_API_KEY') ? 'with an API key' : 'without an API key';
    return [`json/summary formats: LLM "${model}" at ${shown(baseUrl)} (${key})`];
  }
  if (baseUrl) {
    return [
      `json/summary formats: ${shown(baseUrl)} is set but no model: set LLM_MODEL (extract-service will not start)`,
    ];
  }
  return [
    "json/summary formats: no LLM configured. json is filled from the page's own structured data (JSON-LD,",
    '  microdata, meta tags, tables) and summary from its description, both with a warning; json with only a',
    '  prompt is refused (LLM_NOT_CONFIGURED).',
    `  To use a local model: ollama pull qwen2.5:7b, then ${OLLAMA_EXAMPLE}`,
    '  (any OpenAI-compatible server: vLLM, llama-server, LiteLLM, OpenAI with LLM_API_KEY).',
  ];
}
