import { DEFAULT_MAX_AGE_MS, ErrorCode, type ScrapeOptions } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { resolveScrapeOptions } from './resolve-scrape-options';

function failureOf(options: ScrapeOptions): DomainError {
  try {
    resolveScrapeOptions(options);
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected the options to be refused');
}

describe('resolveScrapeOptions', () => {
  it('applies the defaults of the v2 API', () => {
    expect(resolveScrapeOptions({})).toEqual({
      formats: ['markdown'],
      onlyMainContent: true,
      includeTags: [],
      excludeTags: [],
      maxAge: DEFAULT_MAX_AGE_MS,
      headers: {},
      skipTlsVerification: true,
      timeout: 30_000,
      removeBase64Images: true,
      storeInCache: true,
      zeroDataRetention: false,
      blockAds: true,
      proxy: 'auto',
    });
  });

  it('accepts format objects and drops duplicates', () => {
    expect(resolveScrapeOptions({ formats: ['links', { type: 'links' }, { type: 'html' }] }).formats).toEqual([
      'links',
      'html',
    ]);
  });

  it("keeps the caller's storeInCache choice for the worker's cache policy", () => {
    expect(resolveScrapeOptions({ storeInCache: false }).storeInCache).toBe(false);
    expect(resolveScrapeOptions({ headers: { cookie: 'a=b' } }).storeInCache).toBe(true);
  });

  it('takes the screenshot format with its options out of the document formats', () => {
    const resolved = resolveScrapeOptions({
      formats: ['markdown', { type: 'screenshot', fullPage: true, quality: 80, viewport: { width: 800, height: 600 } }],
    });
    expect(resolved.formats).toEqual(['markdown']);
    expect(resolved.screenshot).toEqual({ fullPage: true, quality: 80, viewport: { width: 800, height: 600 } });
    expect(resolveScrapeOptions({ formats: ['screenshot'] }).screenshot).toEqual({ fullPage: false });
  });

  it('returns PDFs raw with an empty parser list only', () => {
    expect(resolveScrapeOptions({ parsers: [] }).rawPdf).toBe(true);
    expect(resolveScrapeOptions({ parsers: ['pdf'] }).rawPdf).toBeUndefined();
    expect(resolveScrapeOptions({ parsers: [{ type: 'pdf' }] }).rawPdf).toBeUndefined();
  });

  it('takes json and summary out of the document formats into extraction', () => {
    const schema = { type: 'object', properties: { title: { type: 'string' } } };
    const resolved = resolveScrapeOptions({
      formats: ['markdown', { type: 'json', schema, prompt: 'the title' }, 'summary'],
    });
    expect(resolved.formats).toEqual(['markdown']);
    expect(resolved.extraction).toEqual({ json: { schema, prompt: 'the title' }, summary: true });
    expect(resolveScrapeOptions({ formats: [{ type: 'summary' }] })).toMatchObject({
      formats: [],
      extraction: { summary: true },
    });
    expect(resolveScrapeOptions({ formats: [{ type: 'json', prompt: 'the price' }] }).extraction).toEqual({
      json: { prompt: 'the price' },
    });
    expect(resolveScrapeOptions({ formats: ['markdown'] }).extraction).toBeUndefined();
  });

  it("refuses a schema Ajv cannot compile, with Ajv's messages", () => {
    const failure = failureOf({
      formats: [{ type: 'json', schema: { type: 'object', properties: { a: { type: 'strin' } } } }],
    });
    expect(failure.code).toBe(ErrorCode.BadRequest);
    expect(failure.message).toMatch(
      /formats\.json\.schema is not a usable JSON schema: .*must be equal to one of the allowed values/,
    );
    expect((failure.details as { path: string }[])[0]?.path).toBe('formats.json.schema');
  });

  it('asks for branding apart from the document formats, bare or as an object', () => {
    expect(resolveScrapeOptions({ formats: ['branding'] })).toMatchObject({ formats: [], branding: true });
    expect(resolveScrapeOptions({ formats: ['markdown', { type: 'branding' }] })).toMatchObject({
      formats: ['markdown'],
      branding: true,
    });
    expect(resolveScrapeOptions({ formats: ['markdown'] }).branding).toBeUndefined();
  });

  it('refuses options on the branding format, naming them', () => {
    const failure = failureOf({ formats: [{ type: 'branding', depth: 2 }] });
    expect(failure.code).toBe(ErrorCode.BadRequest);
    expect((failure.details as { path: string }[])[0]?.path).toBe('formats.branding.depth');
  });

  it('takes changeTracking out of the document formats and always compares the live page', () => {
    const resolved = resolveScrapeOptions({
      formats: [
        'markdown',
        { type: 'changeTracking', modes: ['git-diff', 'json', 'json'], tag: 'daily', prompt: 'Prices?' },
      ],
      maxAge: 600_000,
    });
    expect(resolved.formats).toEqual(['markdown']);
    expect(resolved.changeTracking).toEqual({ modes: ['git-diff', 'json'], tag: 'daily', prompt: 'Prices?' });
    expect(resolved.maxAge).toBe(0);
    expect(resolveScrapeOptions({ formats: ['markdown', 'changeTracking'] }).changeTracking).toEqual({
      modes: [],
      tag: '',
    });
  });

  it.each<[string, ScrapeOptions, string, RegExp]>([
    ['changeTracking without markdown', { formats: ['changeTracking'] }, 'formats', /add "markdown" to formats/],
    [
      'an unknown mode',
      { formats: ['markdown', { type: 'changeTracking', modes: ['word-diff'] }] },
      'formats.changeTracking.modes',
      /git-diff, json/,
    ],
    [
      'a schema without json mode',
      { formats: ['markdown', { type: 'changeTracking', modes: ['git-diff'], schema: { type: 'object' } }] },
      'formats.changeTracking.modes',
      /needs the "json" mode/,
    ],
    [
      'a schema Ajv refuses',
      { formats: ['markdown', { type: 'changeTracking', modes: ['json'], schema: { type: 'object', required: 'x' } }] },
      'formats.changeTracking.schema',
      /not a usable JSON schema/,
    ],
    [
      'an unknown option',
      { formats: ['markdown', { type: 'changeTracking', colour: 'red' }] },
      'formats.changeTracking.colour',
      /not a changeTracking format option/,
    ],
    ['minAge', { formats: ['markdown', 'changeTracking'], minAge: 1000 }, 'minAge', /live page/],
  ])('refuses %s in the changeTracking format', (_name, options, path, message) => {
    const failure = failureOf(options);
    expect(failure.code).toBe(ErrorCode.BadRequest);
    expect(failure.message).toMatch(message);
    expect((failure.details as { path: string }[]).map((problem) => problem.path)).toContain(path);
  });

  it.each<[string, ScrapeOptions, string]>([
    ['a click without selector', { actions: [{ type: 'click' }] }, 'actions.0.selector'],
    ['a write without text', { actions: [{ type: 'scrape' }, { type: 'write' }] }, 'actions.1.text'],
    ['a wait with neither duration nor selector', { actions: [{ type: 'wait' }] }, 'actions.0.milliseconds'],
    ["another kind's field", { actions: [{ type: 'press', key: 'Enter', selector: '#a' }] }, 'actions.0.selector'],
    ['more than 50 actions', { actions: Array.from({ length: 51 }, () => ({ type: 'scrape' as const })) }, 'actions'],
    [
      'more than 60 s of waiting',
      {
        actions: [
          { type: 'wait', milliseconds: 40_000 },
          { type: 'wait', milliseconds: 30_000 },
        ],
        timeout: 300_000,
      },
      'actions',
    ],
    ['waitFor above half the timeout', { waitFor: 20_000, timeout: 30_000 }, 'waitFor'],
    ['an unknown pdf paper format', { actions: [{ type: 'pdf', format: 'Napkin' }] }, 'actions.0.format'],
    [
      'a screenshot quality out of range',
      { formats: [{ type: 'screenshot', quality: 101 }] },
      'formats.screenshot.quality',
    ],
    ['an unknown parser', { parsers: ['docx'] }, 'parsers.0'],
    ['a country that is no code', { location: { country: 'Germany' } }, 'location.country'],
    ['json with neither schema nor prompt', { formats: [{ type: 'json' }] }, 'formats.json'],
    ['json as a bare name', { formats: ['json'] }, 'formats.json'],
    ['an unknown json option', { formats: [{ type: 'json', prompt: 'x', mode: 'llm' }] }, 'formats.json.mode'],
    ['a summary option', { formats: [{ type: 'summary', length: 3 }] }, 'formats.summary.length'],
  ])('refuses %s with BAD_REQUEST naming the field', (_name, options, path) => {
    const failure = failureOf(options);
    expect(failure.code).toBe(ErrorCode.BadRequest);
    expect((failure.details as { path: string }[]).map((problem) => problem.path)).toContain(path);
  });
});
