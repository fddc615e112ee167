import { describeExtractionMode } from './extraction-mode';

describe('describeExtractionMode', () => {
  it('names the model and server, never the key', () => {
    const lines = describeExtractionMode({
      LLM_BASE_URL: 'http://user:secret@localhost:11434/v1',
      LLM_MODEL: 'qwen2.5:7b',
      LLM_API_KEY: 'sk-secret',
    });
    expect(lines).toEqual(['json/summary formats: LLM "qwen2.5:7b" at http://localhost:11434/v1 (with an API key)']);
    expect(lines.join('\n')).not.toContain('secret');
  });

  it("reads Firecrawl's names: OLLAMA_BASE_URL gets /v1, OPENAI_API_KEY alone means OpenAI's gpt-4o-mini", () => {
    expect(describeExtractionMode({ OLLAMA_BASE_URL: 'http://ollama:11434/', MODEL_NAME: 'llama3.1' })[0]).toBe(
      'json/summary formats: LLM "llama3.1" at http://ollama:11434/v1 (without an API key)',
    );
    expect(describeExtractionMode({ OPENAI_API_KEY: 'sk-x' })[0]).toBe(
      'json/summary formats: LLM "gpt-4o-mini" at https://api.openai.com/v1 (with an API key)',
    );
  });

  it('says a server without a model will not start', () => {
    expect(describeExtractionMode({ OPENAI_BASE_URL: 'http://vllm:8000/v1' })[0]).toMatch(/set LLM_MODEL/);
  });

  it('without settings, explains the fallback and how to point it at Ollama', () => {
    const text = describeExtractionMode({ LLM_BASE_URL: ' ' }).join('\n');
    expect(text).toMatch(/no LLM configured/);
    expect(text).toContain('LLM_BASE_URL=http://localhost:11434/v1 LLM_MODEL=qwen2.5:7b npm start');
  });
});
