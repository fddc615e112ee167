import { ErrorCode } from '@wh/contracts';
import type { ExtractRequestDto } from './extract-request.dto';
import { resolveExtractRequest } from './resolve-extract-request';

const schema = { type: 'object', properties: { name: { type: 'string' } } };
const body = (overrides: Partial<ExtractRequestDto> = {}): ExtractRequestDto => ({
  urls: ['https://shop.example.com/kettle'],
  prompt: 'the name',
  ...overrides,
});

describe('resolveExtractRequest', () => {
  it('resolves a request with its defaults, keeping wildcards and adding a scheme as Firecrawl does', () => {
    const resolved = resolveExtractRequest(
      body({ urls: ['https://shop.example.com/*', 'docs.example.com/guide'], schema }),
      false,
    );
    expect(resolved).toMatchObject({
      urls: ['https://shop.example.com/*', 'http://docs.example.com/guide'],
      prompt: 'the name',
      schema,
      showSources: false,
      enableWebSearch: false,
      invalidURLs: [],
      scrapeOptions: { onlyMainContent: true, formats: ['markdown'] },
    });
  });

  it('refuses private targets as a scrape does, unless ALLOW_PRIVATE_TARGETS, and lists them with ignoreInvalidURLs', () => {
    const privateUrls = ['http://127.0.0.1:8080/admin', 'http://localhost/x', 'http://169.254.169.254/latest/*'];
    expect(() => resolveExtractRequest(body({ urls: privateUrls }), false)).toThrow(
      expect.objectContaining({
        code: ErrorCode.BadRequest,
        message: expect.stringContaining('The address 127.0.0.1 is loopback and cannot be scraped'),
        details: expect.objectContaining({ invalidURLs: privateUrls }),
      }),
    );
    const ignored = resolveExtractRequest(
      body({ urls: [...privateUrls, 'https://shop.example.com/kettle'], ignoreInvalidURLs: true }),
      false,
    );
    expect(ignored).toMatchObject({ urls: ['https://shop.example.com/kettle'], invalidURLs: privateUrls });
    expect(resolveExtractRequest(body({ urls: privateUrls }), true).urls).toEqual(privateUrls);
  });

  it('refuses a request whose URLs were all invalid even with ignoreInvalidURLs', () => {
    expect(() => resolveExtractRequest(body({ urls: ['not a url'], ignoreInvalidURLs: true }), false)).toThrow(
      expect.objectContaining({ code: ErrorCode.BadRequest, message: expect.stringContaining('none of the URLs') }),
    );
  });

  it("lists Ajv's problems for a bad schema", () => {
    expect(() =>
      resolveExtractRequest(body({ schema: { type: 'object', properties: { a: { type: 'text' } } } }), false),
    ).toThrow(
      expect.objectContaining({
        code: ErrorCode.BadRequest,
        details: { problems: expect.arrayContaining([expect.stringContaining('schema/properties/a/type')]) },
      }),
    );
  });

  it('lets web search stand in for URLs, and drops the formats of scrapeOptions (the job chooses them)', () => {
    const resolved = resolveExtractRequest(
      body({ urls: undefined, enableWebSearch: true, scrapeOptions: { formats: ['html'], timeout: 5_000 } }),
      false,
    );
    expect(resolved.urls).toEqual([]);
    expect(resolved.scrapeOptions).toMatchObject({ formats: ['markdown'], timeout: 5_000 });
  });
});
