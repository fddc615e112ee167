import { callApi } from '@wh/testing';
import { useOwnStack } from './support/own-stack';

/**
 * The json and summary formats against a real model, only when one is named: `LLM_E2E_BASE_URL` (an
 * OpenAI-compatible API, e.g. `http://localhost:11434/v1` for Ollama), `LLM_E2E_MODEL` (e.g. `qwen2.5:7b`) and, for
 * hosted ones, `LLM_E2E_API_KEY`. Skipped otherwise: the other suites use the fake server.
 */
const baseUrl = process.env.LLM_E2E_BASE_URL;
const realModel = baseUrl ? describe : describe.skip;

realModel('the json and summary formats with a real model', () => {
  const own = useOwnStack('real-model', ['api-gateway', 'scrape-worker', 'extract-service', 'billing-service'], {
    LLM_BASE_URL: baseUrl,
    LLM_MODEL: process.env.LLM_E2E_MODEL ?? 'qwen2.5:7b',
    LLM_API_KEY: process.env.LLM_E2E_API_KEY ?? '',
  });

  it('fills a schema and writes a summary of a product page', async () => {
    const response = await callApi(own.stack(), 'POST', '/v2/scrape', {
      url: `${own.site().url}/shop/kettle`,
      formats: [
        'summary',
        {
          type: 'json',
          schema: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              price: { type: 'number' },
              warrantyYears: { type: 'integer' },
            },
            required: ['name', 'price'],
          },
        },
      ],
      maxAge: 0,
      timeout: 120_000,
    });
    expect(response.status).toBe(200);
    const data = response.body.data as { json: { name: string; price: number }; summary: string };
    expect(data.json.name).toMatch(/Heron/i);
    expect(data.json.price).toBeCloseTo(89.5);
    expect(data.summary.toLowerCase()).toContain('kettle');
  }, 180_000);
});
