import { OpenAiCompatibleProvider } from '@wh/llm';
import { loadConfig } from '@wh/platform/config';
import { ExtractServiceConfig } from '../extract-service.config';
import { createLlmProvider } from './llm-provider.factory';

describe('createLlmProvider', () => {
  const logger = () => ({ info: jest.fn(), warn: jest.fn() });

  it('says in one line that it runs without a model, what that means and how to point it at Ollama', () => {
    const log = logger();
    expect(createLlmProvider(loadConfig(ExtractServiceConfig, {}), log)).toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(1);
    const [line] = log.warn.mock.calls[0] as [string];
    expect(line).toContain('no LLM configured');
    expect(line).toContain('deterministic extractor');
    expect(line).toContain('LLM_BASE_URL=http://localhost:11434/v1 LLM_MODEL=qwen2.5:7b');
  });

  it('builds the OpenAI-compatible provider for a configured model, logging its host but never its key', () => {
    const log = logger();
    const config = loadConfig(ExtractServiceConfig, {
      OPENAI_BASE_URL: 'http://vllm.internal:8000/v1',
      OPENAI_API_KEY: 'sk-secret',
      MODEL_NAME: 'llama3',
    });
    const provider = createLlmProvider(config, log);
    expect(provider).toBeInstanceOf(OpenAiCompatibleProvider);
    expect(provider?.model).toBe('llama3');
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ llmHost: 'vllm.internal:8000', model: 'llama3' }),
      'LLM configured',
    );
    expect(JSON.stringify(log.info.mock.calls)).not.toContain('sk-secret');
  });
});
