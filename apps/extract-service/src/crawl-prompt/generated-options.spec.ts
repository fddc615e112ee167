import { ErrorCode } from '@wh/contracts';
import { keepUsableOptions, readGeneratedOptions, reviveGeneratedOptions } from './generated-options';

describe('reading the crawl options a model wrote', () => {
  it('takes an answer that fits the schema, its nulls meaning "not asked for"', () => {
    const text = JSON.stringify({
      includePaths: ['^/blog/.*'],
      excludePaths: null,
      maxDiscoveryDepth: 2,
      sitemap: 'skip',
      crawlEntireDomain: null,
      allowSubdomains: null,
      allowExternalLinks: null,
      ignoreQueryParameters: true,
      limit: 50,
      delay: null,
    });
    expect(readGeneratedOptions(text, true)).toEqual({
      ok: true,
      value: {
        includePaths: ['^/blog/.*'],
        maxDiscoveryDepth: 2,
        sitemap: 'skip',
        ignoreQueryParameters: true,
        limit: 50,
      },
    });
  });

  it("refuses what a caller could not send: unknown options, wrong types, values out of the API's ranges", () => {
    const reading = readGeneratedOptions(
      JSON.stringify({ includePaths: '^/blog', sitemap: 'sometimes', limit: 0, maxDepth: 3 }),
      true,
    );
    expect(reading.ok).toBe(false);
    const problems = reading.ok ? [] : reading.problems.join('\n');
    expect(problems).toMatch(/includePaths: must be array/);
    expect(problems).toMatch(/sitemap: must be equal to one of the allowed values/);
    expect(problems).toMatch(/limit: must be >= 1/);
    expect(problems).toMatch(/must NOT have additional properties/);
  });

  it('sends a pattern that does not compile back for repair the first time, and takes the repaired answer as it is', () => {
    const text = JSON.stringify({ includePaths: ['^/docs/(v2', '^/api/'] });
    expect(readGeneratedOptions(text, true)).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^includePaths\/0: "\^\/docs\/\(v2" is not a valid regular expression: /)],
    });
    expect(readGeneratedOptions(text, false)).toEqual({ ok: true, value: { includePaths: ['^/docs/(v2', '^/api/'] } });
  });

  it('reads a fenced answer', () => {
    expect(readGeneratedOptions('Here you are:\n```json\n{"limit": 10}\n```', true)).toEqual({
      ok: true,
      value: { limit: 10 },
    });
  });

  it('revives a cached answer only while it fits the schema', () => {
    expect(reviveGeneratedOptions({ limit: 5 })).toEqual({ limit: 5 });
    expect(reviveGeneratedOptions({ limit: 'five' })).toBeUndefined();
  });
});

describe('keeping the usable options', () => {
  it('drops patterns that do not compile, naming each, and leaves out empty lists', () => {
    const kept = keepUsableOptions({
      includePaths: ['^/blog/', '^/news/[0-9+'],
      excludePaths: ['*.pdf'],
      limit: 20,
    });
    expect(kept.options).toEqual({ includePaths: ['^/blog/'], limit: 20 });
    expect(kept.warnings).toEqual([
      expect.stringMatching(/^includePaths: dropped "\^\/news\/\[0-9\+", not a valid regular expression/),
      expect.stringMatching(/^excludePaths: dropped "\*\.pdf", not a valid regular expression/),
    ]);
  });

  it('lists the options in the API order', () => {
    const kept = keepUsableOptions({ limit: 3, sitemap: 'only', includePaths: ['^/a'] });
    expect(Object.keys(kept.options)).toEqual(['includePaths', 'sitemap', 'limit']);
  });

  it('fails the whole answer when every include pattern is broken: dropping them all would crawl every path', () => {
    expect(() => keepUsableOptions({ includePaths: ['(', '[a-'] })).toThrow(
      expect.objectContaining({
        code: ErrorCode.LlmOutputInvalid,
        message: expect.stringContaining('give includePaths yourself'),
      }),
    );
  });
});
