import { ErrorCode } from '@wh/contracts';
import { OpenAiCompatibleProvider } from '@wh/llm';
import { type FakeLlm, startFakeLlm } from '@wh/testing';
import { AnswerCache } from '../cache/answer-cache';
import type { AnswerToStore, StoredAnswer } from '../cache/llm-answer-cache.repository';
import { CrawlPromptService } from './crawl-prompt.service';
import { CRAWL_OPTIONS_PLAN } from './generated-options';

class MemoryAnswers {
  readonly entries = new Map<string, StoredAnswer>();
  async find(key: string): Promise<StoredAnswer | undefined> {
    return this.entries.get(key);
  }
  async storeMany(entries: readonly AnswerToStore[]): Promise<void> {
    for (const { cacheKey, stored } of entries) this.entries.set(cacheKey, stored);
  }
}

const PROMPT = 'Only the blog posts from 2024, skip the tag pages, at most 40 pages';

describe('CrawlPromptService', () => {
  let llm: FakeLlm;
  const silent = { warn: () => undefined };
  const request = (overrides = {}) => ({
    teamId: 'team-1',
    url: 'https://news.example.test/blog',
    prompt: PROMPT,
    deadlineAt: Date.now() + 10_000,
    zeroDataRetention: false,
    ...overrides,
  });
  const withLlm = (): CrawlPromptService =>
    new CrawlPromptService(
      new OpenAiCompatibleProvider({
        baseUrl: llm.baseUrl,
        model: 'qwen2.5:7b',
        timeoutMs: 5_000,
        maxConcurrency: 2,
        backoff: { baseDelayMs: 5, maxDelayMs: 10 },
      }),
      new AnswerCache(new MemoryAnswers(), 60_000, silent),
      2_048,
    );

  beforeEach(async () => {
    llm = await startFakeLlm();
  });
  afterEach(async () => {
    await llm.close();
  });

  it("asks with the user's words and the options schema, and answers the options the prompt calls for", async () => {
    llm.script({
      kind: 'json',
      value: {
        includePaths: ['^/blog/2024/.*'],
        excludePaths: ['^/blog/tag/.*'],
        maxDiscoveryDepth: null,
        sitemap: null,
        crawlEntireDomain: null,
        allowSubdomains: null,
        allowExternalLinks: null,
        ignoreQueryParameters: null,
        limit: 40,
        delay: null,
      },
    });
    const reply = await withLlm().generate(request());
    expect(reply).toEqual({
      options: { includePaths: ['^/blog/2024/.*'], excludePaths: ['^/blog/tag/.*'], limit: 40 },
      usage: { promptTokens: expect.any(Number), completionTokens: expect.any(Number), calls: 1 },
      model: 'qwen2.5:7b',
    });
    expect(llm.promptOf(0)).toContain(PROMPT);
    expect(llm.promptOf(0)).toContain('Start URL: https://news.example.test/blog');
    expect(llm.requests[0].body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'crawl_options', strict: true, schema: CRAWL_OPTIONS_PLAN.schema },
    });
  });

  it('sends a broken pattern back once, then drops one still broken with a warning', async () => {
    llm.script(
      { kind: 'json', value: { includePaths: ['^/blog/(2024'], excludePaths: ['^/tag/'] } },
      { kind: 'json', value: { includePaths: ['^/blog/2024/', '^/blog/(2023'], excludePaths: ['^/tag/'] } },
    );
    const reply = await withLlm().generate(request());
    expect(llm.promptOf(1)).toMatch(/includePaths\/0: "\^\/blog\/\(2024" is not a valid regular expression/);
    expect(reply.options).toEqual({ includePaths: ['^/blog/2024/'], excludePaths: ['^/tag/'] });
    expect(reply.warning).toMatch(/^includePaths: dropped "\^\/blog\/\(2023", not a valid regular expression/);
    expect(reply.usage.calls).toBe(2);
  });

  it('fails with LLM_OUTPUT_INVALID when the answer never fits the schema', async () => {
    llm.script({ kind: 'json', value: { depth: 'deep' } }, { kind: 'text', text: 'crawl the blog' });
    await expect(withLlm().generate(request())).rejects.toMatchObject({
      code: ErrorCode.LlmOutputInvalid,
      details: { task: 'crawl-options' },
    });
  });

  it('says so when the prompt gives no option at all', async () => {
    llm.script({ kind: 'json', value: {} });
    const reply = await withLlm().generate(request({ prompt: 'whatever you think is best' }));
    expect(reply.options).toEqual({});
    expect(reply.warning).toBe('the prompt did not call for any crawl option, so the defaults apply');
  });

  it('answers the same prompt for the same site from the cache', async () => {
    llm.script({ kind: 'json', value: { limit: 40 } });
    const service = withLlm();
    await service.generate(request());
    const again = await service.generate(request());
    expect(again).toMatchObject({ options: { limit: 40 }, usage: { calls: 0 } });
    expect(llm.requests).toHaveLength(1);
  });

  it('refuses a prompt without a model with LLM_NOT_CONFIGURED, naming the settings', async () => {
    const service = new CrawlPromptService(null, new AnswerCache(new MemoryAnswers(), 60_000, silent), 2_048);
    await expect(service.generate(request())).rejects.toMatchObject({
      code: ErrorCode.LlmNotConfigured,
      message: expect.stringContaining('LLM_BASE_URL'),
      details: { settings: ['LLM_BASE_URL', 'LLM_MODEL', 'LLM_API_KEY'] },
    });
  });
});
