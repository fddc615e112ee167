import { createServer } from 'node:net';
import { ErrorCode } from '@wh/contracts';
import { type FakeLlm, startFakeLlm } from '@wh/testing';
import type { LlmOutputSchema, LlmRequest } from './llm-provider';
import {
  chatCompletionsUrl,
  OpenAiCompatibleProvider,
  type OpenAiCompatibleOptions,
} from './openai-compatible.provider';

const SCHEMA: LlmOutputSchema = {
  name: 'extraction',
  strict: true,
  schema: {
    type: 'object',
    properties: { title: { type: 'string' }, price: { type: ['number', 'null'] } },
    required: ['title', 'price'],
    additionalProperties: false,
  },
};

function call(overrides: Partial<LlmRequest> = {}): LlmRequest {
  return { system: 'You extract data.', user: 'The page.', schema: SCHEMA, maxOutputTokens: 256, ...overrides };
}

describe('OpenAiCompatibleProvider', () => {
  let llm: FakeLlm;
  const providers: OpenAiCompatibleProvider[] = [];
  const provider = (options: Partial<OpenAiCompatibleOptions> = {}): OpenAiCompatibleProvider => {
    const created = new OpenAiCompatibleProvider({
      baseUrl: llm.baseUrl,
      apiKey: 'sk-test',
      model: 'test-model',
      timeoutMs: 5_000,
      maxConcurrency: 4,
      backoff: { baseDelayMs: 10, maxDelayMs: 40 },
      ...options,
    });
    providers.push(created);
    return created;
  };

  beforeEach(async () => {
    llm = await startFakeLlm();
  });

  afterEach(async () => {
    await llm.close();
  });

  it('sends the messages, the strict json_schema and the key, and returns the text with the reported usage', async () => {
    llm.script({ kind: 'json', value: { title: 'Lamp', price: 12 } });
    const completion = await provider().complete(call());
    expect(JSON.parse(completion.text)).toEqual({ title: 'Lamp', price: 12 });
    expect(completion.usage.estimated).toBe(false);
    expect(completion.usage.promptTokens).toBeGreaterThan(0);
    expect(completion.model).toBe('test-model');
    const [sent] = llm.requests;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({
      model: 'test-model',
      max_tokens: 256,
      temperature: 0,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'extraction', strict: true, schema: SCHEMA.schema },
      },
    });
    expect(sent.body.messages?.map((message) => message.role)).toEqual(['system', 'user']);
    expect(sent.body.messages?.[0].content).toContain(JSON.stringify(SCHEMA.schema));
  });

  it('asks a schema outside the strict subset as json_object, with the schema in the instructions', async () => {
    llm.script({ kind: 'json', value: { any: 1 } });
    await provider().complete(call({ schema: { ...SCHEMA, strict: false } }));
    expect(llm.requests[0].body.response_format).toEqual({ type: 'json_object' });
    expect(llm.requests[0].body.messages?.[0].content).toContain('nothing else');
  });

  it('sends no response_format for free text', async () => {
    llm.script({ kind: 'text', text: 'A summary.' });
    const completion = await provider().complete(call({ schema: undefined }));
    expect(completion.text).toBe('A summary.');
    expect(llm.requests[0].body.response_format).toBeUndefined();
  });

  it('falls back from json_schema to json_object on a 400 about response_format, once per model', async () => {
    llm.setOptions({ rejectResponseFormats: ['json_schema'] });
    llm.script(
      { kind: 'json', value: { title: 'A', price: null } },
      { kind: 'json', value: { title: 'B', price: null } },
    );
    const subject = provider();
    await subject.complete(call());
    await subject.complete(call());
    expect(llm.requests.map((request) => request.body.response_format?.type)).toEqual([
      'json_schema',
      'json_object',
      'json_object',
    ]);
    expect(llm.requests.map((request) => request.answer === 'rejected')).toEqual([true, false, false]);
    expect(subject.structuredOutputMode()).toBe('json_object');
  });

  it('falls back to instructions alone when the server takes no response_format at all', async () => {
    llm.setOptions({ rejectResponseFormats: ['json_schema', 'json_object'] });
    llm.script({ kind: 'json', value: { title: 'A', price: 1 } });
    const subject = provider();
    await subject.complete(call());
    expect(llm.requests.map((request) => request.body.response_format?.type ?? 'none')).toEqual([
      'json_schema',
      'json_object',
      'none',
    ]);
    expect(llm.requests[2].body.messages?.[0].content).toContain(JSON.stringify(SCHEMA.schema));
    expect(subject.structuredOutputMode()).toBe('prompt');
  });

  it('switches to max_completion_tokens when the model refuses max_tokens', async () => {
    llm.script(
      {
        kind: 'status',
        status: 400,
        message:
          "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      },
      { kind: 'json', value: { title: 'A', price: 1 } },
    );
    await provider().complete(call());
    expect(llm.requests[1].body.max_completion_tokens).toBe(256);
    expect(llm.requests[1].body.max_tokens).toBeUndefined();
  });

  it('retries a 429 after the Retry-After the server asked for', async () => {
    llm.script(
      { kind: 'status', status: 429, headers: { 'retry-after': '1' } },
      { kind: 'json', value: { title: 'A', price: 1 } },
    );
    const started = Date.now();
    await provider().complete(call());
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(llm.requests).toHaveLength(2);
  });

  it('gives up at once when Retry-After is longer than the time left', async () => {
    llm.script({ kind: 'status', status: 429, headers: { 'retry-after': '30' } });
    const attempt = provider().complete(call({ deadlineAt: Date.now() + 2_000 }));
    await expect(attempt).rejects.toMatchObject({ code: ErrorCode.LlmUnavailable, retryable: true });
    expect(llm.requests).toHaveLength(1);
  });

  it('retries 5xx twice with backoff, then reports the server unavailable', async () => {
    llm.script(
      { kind: 'status', status: 500 },
      { kind: 'status', status: 502 },
      { kind: 'status', status: 503, message: 'overloaded' },
    );
    const attempt = provider().complete(call());
    await expect(attempt).rejects.toMatchObject({
      code: ErrorCode.LlmUnavailable,
      details: { status: 503, attempts: 3 },
    });
    expect(llm.requests).toHaveLength(3);
  });

  it('succeeds when a retry does', async () => {
    llm.script({ kind: 'status', status: 500 }, { kind: 'json', value: { title: 'A', price: 1 } });
    await expect(provider().complete(call())).resolves.toMatchObject({ model: 'test-model' });
  });

  it('does not retry a refused key', async () => {
    llm.script({ kind: 'status', status: 401, message: 'Incorrect API key provided' });
    await expect(provider().complete(call())).rejects.toMatchObject({
      code: ErrorCode.LlmUnavailable,
      retryable: false,
      message: expect.stringContaining('LLM_API_KEY'),
    });
    expect(llm.requests).toHaveLength(1);
  });

  it('times out a hanging server after the configured timeout', async () => {
    llm.script({ kind: 'hang' });
    const started = Date.now();
    await expect(provider({ timeoutMs: 300 }).complete(call())).rejects.toMatchObject({ code: ErrorCode.LlmTimeout });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("times out at the caller's deadline when it comes before the configured timeout", async () => {
    llm.script({ kind: 'hang' });
    const started = Date.now();
    const attempt = provider({ timeoutMs: 60_000 }).complete(call({ deadlineAt: Date.now() + 300 }));
    await expect(attempt).rejects.toMatchObject({
      code: ErrorCode.LlmTimeout,
      details: { timeoutMs: expect.any(Number) },
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("stops when the caller's signal ends", async () => {
    llm.script({ kind: 'hang' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    await expect(provider({ timeoutMs: 60_000 }).complete(call({ signal: controller.signal }))).rejects.toMatchObject({
      code: ErrorCode.LlmTimeout,
    });
  });

  it('does not call at all when the deadline has passed', async () => {
    await expect(provider().complete(call({ deadlineAt: Date.now() - 1 }))).rejects.toMatchObject({
      code: ErrorCode.LlmTimeout,
    });
    expect(llm.requests).toHaveLength(0);
  });

  it('estimates usage with the tokenizer when the server reports none', async () => {
    llm.script({ kind: 'json', value: { title: 'A lamp with a long name', price: 1 }, withoutUsage: true });
    const completion = await provider().complete(call());
    expect(completion.usage.estimated).toBe(true);
    expect(completion.usage.promptTokens).toBeGreaterThan(20);
    expect(completion.usage.completionTokens).toBeGreaterThan(5);
  });

  it('bounds the calls in flight with its semaphore', async () => {
    llm.otherwise(() => ({ kind: 'json', value: { title: 'A', price: 1 }, delayMs: 100 }));
    const subject = provider({ maxConcurrency: 2 });
    await Promise.all(Array.from({ length: 6 }, () => subject.complete(call())));
    expect(llm.requests).toHaveLength(6);
    expect(llm.maxInFlight).toBe(2);
  });

  it('retries network failures, then reports the server unreachable', async () => {
    const closed = await unusedPort();
    const subject = new OpenAiCompatibleProvider({
      baseUrl: `http://127.0.0.1:${closed}/v1`,
      model: 'm',
      timeoutMs: 1_000,
      maxConcurrency: 1,
      backoff: { baseDelayMs: 5, maxDelayMs: 10 },
    });
    await expect(subject.complete(call())).rejects.toMatchObject({
      code: ErrorCode.LlmUnavailable,
      retryable: true,
      details: { attempts: 3, cause: 'ECONNREFUSED' },
    });
  });

  it("sends an Azure deployment's key in api-key and keeps its api-version", async () => {
    llm.script({ kind: 'json', value: { title: 'A', price: 1 } });
    const origin = llm.baseUrl.replace(/\/v1$/, '');
    await provider({ baseUrl: `${origin}/openai/deployments/gpt4o?api-version=2024-10-21` }).complete(call());
    expect(llm.requests[0].path).toBe('/openai/deployments/gpt4o/chat/completions?api-version=2024-10-21');
    expect(llm.requests[0].headers['api-key']).toBe('sk-test');
    expect(llm.requests[0].headers.authorization).toBeUndefined();
  });
});

describe('chatCompletionsUrl', () => {
  it.each([
    ['https://api.openai.com/v1', 'https://api.openai.com/v1/chat/completions'],
    ['http://localhost:11434/v1/', 'http://localhost:11434/v1/chat/completions'],
    [
      'https://res.openai.azure.com/openai/deployments/gpt4o?api-version=2024-10-21',
      'https://res.openai.azure.com/openai/deployments/gpt4o/chat/completions?api-version=2024-10-21',
    ],
    ['http://litellm:4000/chat/completions', 'http://litellm:4000/chat/completions'],
  ])('%s -> %s', (base, expected) => {
    expect(chatCompletionsUrl(base).toString()).toBe(expected);
  });
});

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
