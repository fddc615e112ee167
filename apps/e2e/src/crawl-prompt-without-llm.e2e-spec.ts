import { callApi } from '@wh/testing';
import { sharedStack } from './support/stack-env';

// The official SDK ships as ESM with a CommonJS build; Jest loads the CommonJS one.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

/** The shared stack runs extract-service without LLM settings: a crawl prompt cannot be read. */
const stack = sharedStack();

describe('crawl prompts without an LLM', () => {
  it('refuses POST /v2/crawl with a prompt: 400 LLM_NOT_CONFIGURED naming the settings', async () => {
    const response = await callApi(stack, 'POST', '/v2/crawl', {
      url: 'http://127.0.0.1:9/docs',
      prompt: 'only the documentation pages',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'LLM_NOT_CONFIGURED' });
    expect(response.body.error).toMatch(/LLM_BASE_URL/);
    expect(response.body.error).toMatch(/includePaths/);
    expect(response.body.details).toEqual({ settings: ['LLM_BASE_URL', 'LLM_MODEL', 'LLM_API_KEY'] });
  });

  it("refuses the SDK's crawlParamsPreview the same way", async () => {
    const firecrawl = new Firecrawl({ apiKey: stack.apiKey, apiUrl: stack.baseUrl });
    await expect(
      firecrawl.crawlParamsPreview('http://127.0.0.1:9/', 'only the documentation pages'),
    ).rejects.toMatchObject({
      status: 400,
      code: 'LLM_NOT_CONFIGURED',
      message: expect.stringContaining('LLM_BASE_URL'),
    });
  });

  it('still refuses a preview without a prompt as a bad request', async () => {
    const response = await callApi(stack, 'POST', '/v2/crawl/params-preview', { url: 'http://127.0.0.1:9/' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });
});
