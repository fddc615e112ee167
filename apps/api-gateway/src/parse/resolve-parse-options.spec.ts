import { ErrorCode } from '@wh/contracts';
import type { DomainError } from '@wh/platform/errors';
import { resolveParseOptions } from './resolve-parse-options';

function refusal(text: string): DomainError {
  try {
    resolveParseOptions(text);
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected the options to be refused');
}

function refusedPaths(text: string): string[] {
  const failure = refusal(text);
  expect(failure.code).toBe(ErrorCode.BadRequest);
  return (failure.details as { path: string }[]).map((problem) => problem.path);
}

describe('resolveParseOptions', () => {
  it("applies scrape's defaults when the options part is absent, and never caches", () => {
    expect(resolveParseOptions(undefined)).toMatchObject({
      formats: ['markdown'],
      onlyMainContent: true,
      timeout: 30_000,
      zeroDataRetention: false,
      maxAge: 0,
      storeInCache: false,
    });
  });

  it('takes what the SDK sends, its origin included', () => {
    const resolved = resolveParseOptions(
      JSON.stringify({
        formats: ['markdown', { type: 'html' }, 'links'],
        onlyMainContent: false,
        excludeTags: ['nav'],
        timeout: 60_000,
        zeroDataRetention: true,
        parsers: [{ type: 'pdf' }],
        origin: 'js-sdk@4.42.0',
      }),
    );
    expect(resolved).toMatchObject({
      formats: ['markdown', 'html', 'links'],
      onlyMainContent: false,
      excludeTags: ['nav'],
      timeout: 60_000,
      zeroDataRetention: true,
    });
    expect(resolved.rawPdf).toBeUndefined();
    expect(resolveParseOptions('{"parsers": []}').rawPdf).toBe(true);
  });

  it('refuses options that are not a JSON object', () => {
    expect(refusedPaths('{"formats": [')).toEqual(['options']);
    expect(refusal('{"formats": [').message).toMatch(/options is not valid JSON/);
    expect(refusedPaths('["markdown"]')).toEqual(['options']);
    expect(refusedPaths('null')).toEqual(['options']);
  });

  it.each([
    ['an unknown field', '{"pages": 3}', 'pages'],
    ['a wrong type', '{"onlyMainContent": "yes"}', 'onlyMainContent'],
    ['a format that does not exist', '{"formats": ["pdf"]}', 'formats'],
    ['a timeout out of range', '{"timeout": 0}', 'timeout'],
    ['tags that are not strings', '{"includeTags": [1]}', 'includeTags'],
    ['waitFor, which needs a live page', '{"waitFor": 1000}', 'waitFor'],
    ['actions', '{"actions": [{"type": "scrape"}]}', 'actions'],
    ['cache options', '{"maxAge": 0}', 'maxAge'],
    ['the screenshot format', '{"formats": ["markdown", {"type": "screenshot"}]}', 'formats.screenshot'],
    ['the enhanced proxy', '{"proxy": "enhanced"}', 'proxy'],
    ['an unknown parser', '{"parsers": ["docx"]}', 'parsers.0'],
  ])('refuses %s with a 400 naming the field', (_name, text, path) => {
    expect(refusedPaths(text)).toContain(path);
  });
});
