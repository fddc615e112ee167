import { ErrorCode, type ScrapeDocument, type ScrapeJobCommand } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { ScrapeClient } from '@wh/scrape-client';
import { resolvedScrapeOptions } from '@wh/testing';
import type { FileUrls } from '../files/file-urls';
import { SearchResultScraper } from './result-scraper';

const page = (url: string): ScrapeDocument => ({
  markdown: `# ${url}`,
  metadata: { sourceURL: url, url, statusCode: 200 },
});

describe('SearchResultScraper', () => {
  let inFlight = 0;
  let maxInFlight = 0;
  const commands: ScrapeJobCommand[] = [];
  const runCharged = jest.fn(async (command: ScrapeJobCommand) => {
    commands.push(command);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 20));
    inFlight -= 1;
    if (command.url.includes('broken')) throw new DomainError(ErrorCode.ScrapeSiteError, 'The site answered 500');
    if (command.url.includes('crash')) throw new Error('socket hang up at 10.0.0.7');
    return { document: page(command.url), credits: command.url.includes('pdf') ? 3 : 1 };
  });
  const scraper = new SearchResultScraper(
    { runCharged } as unknown as ScrapeClient,
    { inDocument: (document: ScrapeDocument, _teamId: string) => document } as unknown as FileUrls,
  );
  const team = { teamId: 'team-1', concurrencyLimit: 2 };

  beforeEach(() => {
    inFlight = 0;
    maxInFlight = 0;
    commands.length = 0;
    runCharged.mockClear();
  });

  it("scrapes each page as a direct scrape, at most the team's concurrency at once, adding up the credits", async () => {
    const urls = ['https://a.example/', 'https://b.example/', 'https://c.example/doc.pdf', 'https://d.example/'];
    const deadlineAt = Date.now() + 60_000;
    const { documents, credits } = await scraper.scrapeAll(urls, team, resolvedScrapeOptions(), deadlineAt);
    expect([...documents.keys()].sort()).toEqual([...urls].sort());
    expect(documents.get('https://a.example/')?.markdown).toBe('# https://a.example/');
    expect(credits).toBe(6);
    expect(maxInFlight).toBe(2);
    expect(commands.every((command) => command.origin === 'direct' && command.teamId === 'team-1')).toBe(true);
    expect(commands.every((command) => command.deadlineAt <= deadlineAt)).toBe(true);
    expect(new Set(commands.map((command) => command.jobId)).size).toBe(4);
  });

  it('answers a page that could not be scraped with its error and status, never failing the others', async () => {
    const { documents, credits } = await scraper.scrapeAll(
      ['https://ok.example/', 'https://broken.example/', 'https://crash.example/', 'mailto:someone@example.com'],
      team,
      resolvedScrapeOptions(),
      Date.now() + 60_000,
    );
    expect(credits).toBe(1);
    expect(documents.get('https://broken.example/')?.metadata).toEqual({
      sourceURL: 'https://broken.example/',
      url: 'https://broken.example/',
      statusCode: 502,
      error: 'The site answered 500',
      code: ErrorCode.ScrapeSiteError,
    });
    expect(documents.get('https://crash.example/')?.metadata).toMatchObject({
      statusCode: 500,
      error: 'Scrape failed',
    });
    expect(documents.get('mailto:someone@example.com')?.metadata).toMatchObject({ statusCode: 400 });
    expect(commands.map((command) => command.url)).not.toContain('mailto:someone@example.com');
  });

  it('does not start a scrape the search has no time left for', async () => {
    const { documents } = await scraper.scrapeAll(
      ['https://late.example/'],
      team,
      resolvedScrapeOptions(),
      Date.now() + 200,
    );
    expect(runCharged).not.toHaveBeenCalled();
    expect(documents.get('https://late.example/')?.metadata).toMatchObject({
      statusCode: 408,
      code: ErrorCode.ScrapeTimeout,
    });
  });
});
