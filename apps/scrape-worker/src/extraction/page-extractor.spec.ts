import { ErrorCode, type ScrapeJobCommand, Subjects } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { NatsRequester } from '@wh/platform/messaging';
import { resolvedScrapeOptions } from '@wh/testing';
import { PageExtractor } from './page-extractor';

const page = {
  markdown: '# Kettle',
  rawHtml: '<html><head><script type="application/ld+json">{}</script></head></html>',
  html: '<h1>Kettle</h1>',
  metadata: { sourceURL: 'https://shop.example/k', url: 'https://shop.example/kettle', statusCode: 200 },
};

function job(overrides: Partial<ScrapeJobCommand> = {}): ScrapeJobCommand {
  return {
    jobId: '6f1c8d2e-0c8f-4a43-9d0b-6a3c2d9e7f10',
    teamId: 'team-1',
    url: 'https://shop.example/k',
    origin: 'direct',
    options: resolvedScrapeOptions({ zeroDataRetention: true, extraction: { json: { prompt: 'the price' } } }),
    deadlineAt: Date.now() + 10_000,
    ...overrides,
  };
}

function extractorAnswering(answer: () => Promise<unknown>): { extractor: PageExtractor; request: jest.Mock } {
  const request = jest.fn(answer);
  return { extractor: new PageExtractor({ request } as unknown as NatsRequester), request };
}

describe('PageExtractor', () => {
  it('asks nothing when the job has no json or summary format', async () => {
    const { extractor, request } = extractorAnswering(async () => ({}));
    expect(await extractor.extract(job({ options: resolvedScrapeOptions() }), page)).toEqual({});
    expect(request).not.toHaveBeenCalled();
  });

  it("sends the markdown, the raw page, the formats, the job's deadline and zero data retention", async () => {
    const { extractor, request } = extractorAnswering(async () => ({
      json: { price: 12 },
      warning: 'extracted without an LLM: ...',
      usage: { promptTokens: 0, completionTokens: 0, calls: 0 },
    }));
    const scrape = job();
    expect(await extractor.extract(scrape, page)).toEqual({
      json: { price: 12 },
      warning: 'extracted without an LLM: ...',
    });
    const [subject, payload, timeoutMs] = request.mock.calls[0] as [string, Record<string, unknown>, number];
    expect(subject).toBe(Subjects.extractPageRun);
    expect(payload).toEqual({
      teamId: 'team-1',
      url: 'https://shop.example/kettle',
      markdown: '# Kettle',
      html: page.rawHtml,
      formats: { json: { prompt: 'the price' } },
      deadlineAt: scrape.deadlineAt,
      zeroDataRetention: true,
    });
    expect(timeoutMs).toBeGreaterThan(10_000);
  });

  it("makes the model's failures final: extract-service already retried them", async () => {
    const { extractor } = extractorAnswering(async () => {
      throw new DomainError(ErrorCode.LlmUnavailable, 'the model server kept failing', undefined, true);
    });
    await expect(extractor.extract(job(), page)).rejects.toMatchObject({
      code: ErrorCode.LlmUnavailable,
      retryable: false,
    });
  });

  it('leaves extract-service not answering retryable while time is left, and a timeout once it is not', async () => {
    const unavailable = new DomainError(ErrorCode.ServiceUnavailable, 'no answer', undefined, true);
    const { extractor } = extractorAnswering(async () => {
      throw unavailable;
    });
    await expect(extractor.extract(job(), page)).rejects.toBe(unavailable);
    const late = job();
    const { extractor: slow } = extractorAnswering(async () => {
      late.deadlineAt = Date.now() - 1;
      throw unavailable;
    });
    await expect(slow.extract(late, page)).rejects.toMatchObject({ code: ErrorCode.LlmTimeout, retryable: false });
  });

  it('fails at once with LLM_TIMEOUT when the scrape used its whole timeout', async () => {
    const { extractor, request } = extractorAnswering(async () => ({}));
    await expect(extractor.extract(job({ deadlineAt: Date.now() - 1 }), page)).rejects.toMatchObject({
      code: ErrorCode.LlmTimeout,
    });
    expect(request).not.toHaveBeenCalled();
  });
});
