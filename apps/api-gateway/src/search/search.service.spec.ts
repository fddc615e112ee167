import { UsageCharges } from '../billing/usage-charges';
import { ErrorCode, Subjects, type UsageRecordedEvent, type WebSearchReply } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { JetStreamPublisher, NatsRequester } from '@wh/platform/messaging';
import type { SearchResultScraper } from './result-scraper';
import type { SearchRequestDto } from './search-request.dto';
import { SearchService } from './search.service';

const KEY_ID = '6f1c2f8e-8f44-4a4f-9d57-1a1f0a6e2b11';

describe('SearchService', () => {
  let reply: WebSearchReply | DomainError;
  const request = jest.fn(async () => {
    if (reply instanceof DomainError) throw reply;
    return reply;
  });
  const publish = jest.fn(async () => undefined);
  const scrapeAll = jest.fn(async (urls: readonly string[]) => ({
    documents: new Map(
      urls.map((url) => [url, { markdown: `# ${url}`, metadata: { sourceURL: url, url, statusCode: 200 } }]),
    ),
    credits: urls.length,
  }));
  const service = new SearchService(
    { request } as unknown as NatsRequester,
    new UsageCharges({ publish } as unknown as JetStreamPublisher),
    { scrapeAll } as unknown as SearchResultScraper,
  );
  const team = { teamId: 'team-1', apiKeyId: KEY_ID, concurrencyLimit: 4 };
  const body = (fields: Partial<SearchRequestDto> = {}) => ({ query: 'kettles', ...fields });
  const web = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ url: `https://site.example/${index}`, position: index + 1 }));

  beforeEach(() => {
    request.mockClear();
    publish.mockClear();
    scrapeAll.mockClear();
  });

  it("answers the results in Firecrawl's shape and charges 2 credits per 10 as one idempotent search event", async () => {
    reply = { web: web(11), warning: 'location was not applied' };
    const response = await service.run(team, body({ limit: 11, location: 'Basel' }));
    expect(response).toEqual({
      success: true,
      data: { web: web(11) },
      creditsUsed: 4,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      warning: 'location was not applied',
    });
    expect(request).toHaveBeenCalledWith(
      Subjects.webSearch,
      expect.objectContaining({ teamId: 'team-1', query: 'kettles', limit: 11, location: 'Basel' }),
      expect.any(Number),
    );
    expect(publish).toHaveBeenCalledTimes(1);
    const [subject, event, options] = publish.mock.calls[0] as unknown as [
      string,
      UsageRecordedEvent,
      { msgId: string },
    ];
    expect(subject).toBe(Subjects.usageRecorded);
    expect(event).toEqual({
      eventId: `search:${response.id}`,
      teamId: 'team-1',
      kind: 'search',
      jobId: response.id,
      apiKeyId: KEY_ID,
      credits: 4,
      occurredAt: expect.any(String),
    });
    expect(options).toEqual({ msgId: `usage:search:${response.id}` });
    expect(scrapeAll).not.toHaveBeenCalled();
  });

  it('charges nothing for a search that found nothing', async () => {
    reply = { web: [] };
    const response = await service.run({ teamId: 'local', concurrencyLimit: 10 }, body());
    expect(response).toMatchObject({ data: { web: [] }, creditsUsed: 0 });
    expect(publish).not.toHaveBeenCalled();
  });

  it("scrapes the results with formats, and adds the scrapes' credits to creditsUsed", async () => {
    reply = { web: web(2), news: [{ url: 'https://site.example/0', title: 'News', position: 1 }] };
    const response = await service.run(
      team,
      body({ sources: ['web', 'news'], scrapeOptions: { formats: ['markdown'] } }),
    );
    expect(scrapeAll).toHaveBeenCalledWith(
      ['https://site.example/0', 'https://site.example/1'],
      team,
      expect.objectContaining({ formats: ['markdown'] }),
      expect.any(Number),
    );
    expect(response.creditsUsed).toBe(2 + 2);
    expect(response.data.web?.[0]).toMatchObject({
      url: 'https://site.example/0',
      markdown: '# https://site.example/0',
    });
    expect(response.data.news?.[0]).toMatchObject({ title: 'News', markdown: '# https://site.example/0' });
  });

  it('bills only the results kept by ignoreInvalidURLs', async () => {
    reply = { web: [{ url: 'javascript:alert(1)', position: 1 }, ...web(10)] };
    const response = await service.run(team, body({ ignoreInvalidURLs: true }));
    expect(response.data.web).toHaveLength(10);
    expect(response.creditsUsed).toBe(2);
  });

  it('passes the backend failure on and charges nothing', async () => {
    reply = new DomainError(ErrorCode.SearchTimeout, 'the search backend did not answer within 10000 ms');
    await expect(service.run(team, body())).rejects.toMatchObject({ code: ErrorCode.SearchTimeout });
    expect(publish).not.toHaveBeenCalled();
  });
});
