import { ErrorCode } from '@wh/contracts';
import { resolvedScrapeOptions } from '@wh/testing';
import { extractJobView } from './extract-job-view';
import type { ExtractJobRow } from './extract-jobs.repository';

const NOW = new Date('2026-11-25T12:00:00Z');

const row = (overrides: Partial<ExtractJobRow> = {}): ExtractJobRow => ({
  id: '7b0c3f4e-52b4-4b57-9d52-8f1c0c6a0d11',
  team_id: 'c1a6f2b0-6a1e-4c55-a3b6-2b8a1f0b9e01',
  api_key_id: null,
  idempotency_key: null,
  status: 'completed',
  request: {
    urls: ['https://shop.test/kettle'],
    schema: { type: 'object' },
    showSources: true,
    enableWebSearch: false,
    scrapeOptions: resolvedScrapeOptions(),
  },
  targets: ['https://shop.test/kettle'],
  data: { name: 'Heron Kettle' },
  sources: { name: ['https://shop.test/kettle'] },
  warning: null,
  error: null,
  tokens_used: 300,
  credits_used: 20,
  created_at: NOW,
  finished_at: NOW,
  billed_at: NOW,
  expires_at: new Date(NOW.getTime() + 3_600_000),
  ...overrides,
});

describe('extractJobView', () => {
  it('shows a completed job with its data, sources, tokens and credits', () => {
    expect(extractJobView(row(), NOW)).toEqual({
      status: 'completed',
      data: { name: 'Heron Kettle' },
      sources: { name: ['https://shop.test/kettle'] },
      expiresAt: '2026-11-25T13:00:00.000Z',
      tokensUsed: 300,
      creditsUsed: 20,
    });
  });

  it('shows no data or sources before completion or after a failure, and the reason of a failure', () => {
    expect(extractJobView(row({ status: 'processing', data: null, sources: null }), NOW)).toMatchObject({
      status: 'processing',
      data: null,
    });
    expect(extractJobView(row({ status: 'processing' }), NOW)).not.toHaveProperty('sources');
    expect(extractJobView(row({ status: 'failed', data: null, error: 'no page could be read' }), NOW)).toMatchObject({
      status: 'failed',
      data: null,
      error: 'no page could be read',
    });
  });

  it('leaves sources out of a job started without showSources', () => {
    const job = row();
    expect(extractJobView({ ...job, request: { ...job.request, showSources: false } }, NOW)).not.toHaveProperty(
      'sources',
    );
  });

  it('treats an expired job like a missing one: not found', () => {
    expect(() => extractJobView(row({ expires_at: NOW }), NOW)).toThrow(
      expect.objectContaining({ code: ErrorCode.NotFound }),
    );
    expect(() => extractJobView(undefined, NOW)).toThrow(expect.objectContaining({ code: ErrorCode.NotFound }));
  });
});
