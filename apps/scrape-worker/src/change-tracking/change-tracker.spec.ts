import { randomUUID } from 'node:crypto';
import type { ChangeTrackingOptions, ScrapeDocument, ScrapeJobCommand } from '@wh/contracts';
import { resolvedScrapeOptions } from '@wh/testing';
import type { ChangeJsonComparer } from './change-json';
import type { ChangeSnapshotsRepository, Snapshot } from './change-snapshots.repository';
import { ChangeTracker } from './change-tracker';

const SCRAPED_AT = new Date('2026-11-25T12:00:00Z');
const PREVIOUS: Snapshot = {
  version: 4,
  markdown: '# Prices\n\nStarter: 9 EUR',
  scrapedAt: new Date('2026-11-24T12:00:00Z'),
};

/** `null`: this team never filed the page under the tag. */
function setup(previous: Snapshot | null = PREVIOUS) {
  const found = previous ?? undefined;
  const snapshots = { file: jest.fn(async () => found), latest: jest.fn(async () => found) };
  const json = {
    compareFields: jest.fn(async () => ({ json: { price: { previous: 9, current: 12 } } })),
    describe: jest.fn(async () => ({ json: { description: 'The price went up.' } })),
  };
  const tracker = new ChangeTracker(
    snapshots as unknown as ChangeSnapshotsRepository,
    json as unknown as ChangeJsonComparer,
  );
  return { snapshots, json, tracker };
}

function job(overrides: Partial<ScrapeJobCommand> = {}, zeroDataRetention = false): ScrapeJobCommand {
  return {
    jobId: randomUUID(),
    teamId: 'team-a',
    url: 'https://shop.example/prices',
    origin: 'direct',
    options: { ...resolvedScrapeOptions(), zeroDataRetention },
    deadlineAt: Date.now() + 30_000,
    ...overrides,
  };
}

function page(markdown: string, statusCode = 200): ScrapeDocument {
  return {
    markdown,
    metadata: { url: 'https://shop.example/prices', sourceURL: 'https://shop.example/prices', statusCode },
  };
}

const options = (overrides: Partial<ChangeTrackingOptions> = {}): ChangeTrackingOptions => ({
  modes: [],
  tag: 'daily',
  ...overrides,
});

describe('ChangeTracker', () => {
  it('files the page under team, URL and tag and reports new when nothing was filed before', async () => {
    const { tracker, snapshots } = setup(null);
    const scrape = job();
    const tracked = await tracker.track(scrape, options(), page('# Prices'), SCRAPED_AT);

    expect(tracked.changeTracking).toEqual({ previousScrapeAt: null, changeStatus: 'new', visibility: 'visible' });
    expect(snapshots.file).toHaveBeenCalledWith(
      { teamId: 'team-a', url: 'https://shop.example/prices', tag: 'daily' },
      { jobId: scrape.jobId, markdown: '# Prices', scrapedAt: SCRAPED_AT },
    );
  });

  it('reports same and changed against the previous version, with when it was scraped', async () => {
    const { tracker } = setup();
    const same = await tracker.track(job(), options(), page('# Prices\n\n\nStarter:   9 EUR\n'), SCRAPED_AT);
    expect(same.changeTracking).toEqual({
      previousScrapeAt: '2026-11-24T12:00:00.000Z',
      changeStatus: 'same',
      visibility: 'visible',
    });
    const changed = await tracker.track(job(), options(), page('# Prices\n\nStarter: 12 EUR'), SCRAPED_AT);
    expect(changed.changeTracking.changeStatus).toBe('changed');
    expect(changed.changeTracking.diff).toBeUndefined();
  });

  it('reports removed for 404 and 410 without filing them; other failures are compared, not filed', async () => {
    for (const status of [404, 410]) {
      const { tracker, snapshots } = setup();
      const tracked = await tracker.track(
        job(),
        options({ modes: ['git-diff'] }),
        page('Not found', status),
        SCRAPED_AT,
      );
      expect(tracked.changeTracking).toEqual({
        previousScrapeAt: '2026-11-24T12:00:00.000Z',
        changeStatus: 'removed',
        visibility: 'visible',
      });
      expect(snapshots.file).not.toHaveBeenCalled();
    }
    const { tracker, snapshots } = setup();
    const broken = await tracker.track(job(), options(), page('Server error', 500), SCRAPED_AT);
    expect(broken.changeTracking.changeStatus).toBe('changed');
    expect(snapshots.file).not.toHaveBeenCalled();
    expect(snapshots.latest).toHaveBeenCalled();
  });

  it('keeps nothing for zero data retention, and says hidden for a page the crawl only reports', async () => {
    const { tracker, snapshots } = setup();
    const tracked = await tracker.track(job({ hidden: true }, true), options(), page(PREVIOUS.markdown), SCRAPED_AT);
    expect(tracked.changeTracking).toMatchObject({ changeStatus: 'same', visibility: 'hidden' });
    expect(snapshots.file).not.toHaveBeenCalled();
  });

  it('adds the git diff in git-diff mode', async () => {
    const { tracker } = setup();
    const tracked = await tracker.track(
      job(),
      options({ modes: ['git-diff'] }),
      page('# Prices\n\nStarter: 12 EUR'),
      SCRAPED_AT,
    );
    expect(tracked.changeTracking.diff?.text).toBe('@@ -1,3 +1,3 @@\n # Prices\n \n-Starter: 9 EUR\n+Starter: 12 EUR');
  });

  it("compares a schema's fields and describes a page only when it changed; a same page's fields are {}", async () => {
    const schema = { type: 'object', properties: { price: { type: 'number' } } };
    const { tracker, json } = setup();
    const fields = await tracker.track(
      job(),
      options({ modes: ['json'], schema }),
      page('# Prices\n\nStarter: 12 EUR'),
      SCRAPED_AT,
    );
    expect(fields.changeTracking.json).toEqual({ price: { previous: 9, current: 12 } });
    expect(json.compareFields).toHaveBeenCalledTimes(1);

    const sameFields = await tracker.track(
      job(),
      options({ modes: ['json'], schema }),
      page(PREVIOUS.markdown),
      SCRAPED_AT,
    );
    expect(sameFields).toEqual({ changeTracking: expect.objectContaining({ changeStatus: 'same', json: {} }) });
    expect(json.compareFields).toHaveBeenCalledTimes(1);

    const unchanged = await tracker.track(job(), options({ modes: ['json'] }), page(PREVIOUS.markdown), SCRAPED_AT);
    expect(unchanged.changeTracking.json).toBeUndefined();
    expect(json.describe).not.toHaveBeenCalled();

    const changed = await tracker.track(
      job(),
      options({ modes: ['json'] }),
      page('# Prices\n\nStarter: 12 EUR'),
      SCRAPED_AT,
    );
    expect(changed.changeTracking.json).toEqual({ description: 'The price went up.' });
    expect(json.describe).toHaveBeenCalledWith(
      expect.anything(),
      expect.anything(),
      expect.stringContaining('-Starter: 9 EUR\n+Starter: 12 EUR'),
    );
  });

  it('asks nothing of json mode for a new page', async () => {
    const { tracker, json } = setup(null);
    await tracker.track(
      job(),
      options({ modes: ['json', 'git-diff'], schema: { type: 'object' } }),
      page('# New'),
      SCRAPED_AT,
    );
    expect(json.compareFields).not.toHaveBeenCalled();
  });
});
