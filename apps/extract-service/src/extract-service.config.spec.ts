import { loadConfig } from '@wh/platform/config';
import { ExtractServiceConfig } from './extract-service.config';

describe('ExtractServiceConfig', () => {
  it('runs without an LLM by default', () => {
    const config = loadConfig(ExtractServiceConfig, {});
    expect(config.llm).toBeUndefined();
    expect(config).toMatchObject({
      LLM_CONTEXT_TOKENS: 8192,
      LLM_TIMEOUT_MS: 60_000,
      LLM_MAX_CONCURRENCY: 4,
      HTTP_PORT: 3104,
    });
    expect(loadConfig(ExtractServiceConfig, { LLM_BASE_URL: '', LLM_MODEL: '' }).llm).toBeUndefined();
  });

  it('reads its own settings', () => {
    const config = loadConfig(ExtractServiceConfig, {
      LLM_BASE_URL: 'http://localhost:11434/v1',
      LLM_MODEL: 'qwen2.5:7b',
      LLM_CONTEXT_TOKENS: '32768',
      LLM_MAX_CONCURRENCY: '2',
    });
    expect(config.llm).toEqual({ baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5:7b' });
    expect(config).toMatchObject({ LLM_CONTEXT_TOKENS: 32768, LLM_MAX_CONCURRENCY: 2 });
  });

  it("accepts Firecrawl's names, and ours win when both are set", () => {
    expect(
      loadConfig(ExtractServiceConfig, {
        OPENAI_BASE_URL: 'http://vllm:8000/v1',
        OPENAI_API_KEY: 'sk-1',
        MODEL_NAME: 'llama3',
      }).llm,
    ).toEqual({
      baseUrl: 'http://vllm:8000/v1',
      apiKey: 'sk-1',
      model: 'llama3',
    });
    expect(loadConfig(ExtractServiceConfig, { OPENAI_API_KEY: 'sk-1' }).llm).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-1',
      model: 'gpt-4o-mini',
    });
    expect(
      loadConfig(ExtractServiceConfig, { OLLAMA_BASE_URL: 'http://localhost:11434/', MODEL_NAME: 'qwen2.5:7b' }).llm,
    ).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      model: 'qwen2.5:7b',
    });
    const both = {
      LLM_BASE_URL: 'http://a/v1',
      OPENAI_BASE_URL: 'http://b/v1',
      LLM_MODEL: 'm',
      MODEL_NAME: 'n',
      LLM_API_KEY: 'k1',
      OPENAI_API_KEY: 'k2',
    };
    expect(loadConfig(ExtractServiceConfig, both).llm).toEqual({ baseUrl: 'http://a/v1', apiKey: 'k1', model: 'm' });
  });

  it('fails at boot on a base URL without a model, or a URL that is not one', () => {
    expect(() => loadConfig(ExtractServiceConfig, { LLM_BASE_URL: 'http://localhost:11434/v1' })).toThrow(
      /LLM_MODEL \(or MODEL_NAME\) is required/,
    );
    expect(() => loadConfig(ExtractServiceConfig, { OLLAMA_BASE_URL: 'http://localhost:11434' })).toThrow(
      /LLM_MODEL \(or MODEL_NAME\) is required/,
    );
    expect(() => loadConfig(ExtractServiceConfig, { LLM_BASE_URL: 'localhost:11434', LLM_MODEL: 'm' })).toThrow(
      /LLM_BASE_URL must be an http\(s\) URL/,
    );
  });
});
