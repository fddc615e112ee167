import { callApi, type FixtureServer, startFixtureServer } from '@wh/testing';
import { sharedStack } from './support/stack-env';

/** The shared stack runs extract-service without LLM settings: the formats fall back to the page's own data. */
const stack = sharedStack();

interface ExtractedData {
  json?: unknown;
  summary?: string;
  warning?: string;
  markdown?: string;
}

let site: FixtureServer;
beforeAll(async () => {
  site = await startFixtureServer();
});
afterAll(async () => {
  await site.close();
});

function scrape(body: Record<string, unknown>): ReturnType<typeof callApi> {
  return callApi(stack, 'POST', '/v2/scrape', { maxAge: 0, ...body });
}

describe('the json and summary formats without an LLM', () => {
  it("fills a product schema from the page's JSON-LD and says it did so without an LLM", async () => {
    const response = await scrape({
      url: `${site.url}/shop/kettle`,
      formats: [
        {
          type: 'json',
          schema: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              price: { type: 'number' },
              currency: { type: 'string' },
              sku: { type: 'string' },
              inStock: { type: 'boolean' },
            },
            required: ['name', 'price'],
          },
        },
      ],
    });
    expect(response.status).toBe(200);
    const data = response.body.data as ExtractedData;
    expect(data.json).toEqual({ name: 'Heron Kettle', price: 89.5, currency: 'EUR', sku: 'HRN-17-SLV', inStock: true });
    expect(data.warning).toMatch(/^extracted without an LLM/);
    expect(data.markdown).toBeUndefined();
  });

  it('reads an article from microdata and a recipe from JSON-LD', async () => {
    const article = await scrape({
      url: `${site.url}/notes/weir`,
      formats: [
        {
          type: 'json',
          schema: {
            type: 'object',
            properties: { headline: { type: 'string' }, author: { type: 'string' }, datePublished: { type: 'string' } },
          },
        },
      ],
    });
    expect((article.body.data as ExtractedData).json).toEqual({
      headline: 'Why the Weir Was Rebuilt',
      author: 'Maren Holt',
      datePublished: '2024-05-14',
    });

    const recipe = await scrape({
      url: `${site.url}/recipes/soup`,
      formats: [
        {
          type: 'json',
          schema: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              author: { type: 'string' },
              ingredients: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      ],
    });
    expect((recipe.body.data as ExtractedData).json).toEqual({
      name: 'Leek and Potato Soup',
      author: 'Ilse Brandt',
      ingredients: ['3 leeks', '4 potatoes', '1 l vegetable stock', '50 g butter'],
    });
  });

  it('summarizes from the description and lead prose, with a warning', async () => {
    const response = await scrape({ url: `${site.url}/notes/weir`, formats: [{ type: 'summary' }] });
    expect(response.status).toBe(200);
    const data = response.body.data as ExtractedData;
    expect(data.summary).toContain('rebuilt in 2024');
    expect(data.warning).toMatch(/without an LLM/);
  });

  it('refuses a prompt-only json format with LLM_NOT_CONFIGURED naming the settings', async () => {
    const response = await scrape({ url: `${site.url}/shop/kettle`, formats: [{ type: 'json', prompt: 'the price' }] });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'LLM_NOT_CONFIGURED' });
    expect(response.body.error).toMatch(/LLM_BASE_URL/);
  });
});
