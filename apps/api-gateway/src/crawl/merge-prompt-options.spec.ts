import { plainToInstance } from 'class-transformer';
import { ErrorCode } from '@wh/contracts';
import { CrawlRequestDto } from './crawl-request.dto';
import { withPromptOptions } from './merge-prompt-options';
import { resolveCrawlOptions } from './resolve-crawl-options';

const body = (fields: Record<string, unknown>): CrawlRequestDto =>
  plainToInstance(CrawlRequestDto, { url: 'https://news.example.test/', prompt: 'the blog, 2024 only', ...fields });

describe('a crawl prompt merged with the request', () => {
  const generated = {
    includePaths: ['^/blog/2024/'],
    excludePaths: ['^/blog/tag/'],
    maxDiscoveryDepth: 3,
    sitemap: 'skip' as const,
    allowSubdomains: true,
    limit: 40,
  };

  it("fills the fields the caller left out with the model's", () => {
    const resolved = resolveCrawlOptions(withPromptOptions(body({}), generated));
    expect(resolved).toMatchObject({
      includePaths: ['^/blog/2024/'],
      excludePaths: ['^/blog/tag/'],
      maxDiscoveryDepth: 3,
      sitemap: 'skip',
      allowSubdomains: true,
      limit: 40,
      crawlEntireDomain: false,
      prompt: 'the blog, 2024 only',
    });
  });

  it('keeps every field the caller sent, even empty lists and false', () => {
    const resolved = resolveCrawlOptions(
      withPromptOptions(body({ includePaths: [], limit: 5, allowSubdomains: false, sitemap: 'include' }), generated),
    );
    expect(resolved).toMatchObject({
      includePaths: [],
      excludePaths: ['^/blog/tag/'],
      limit: 5,
      allowSubdomains: false,
      sitemap: 'include',
      maxDiscoveryDepth: 3,
    });
  });

  it('changes nothing when the model set nothing', () => {
    expect(resolveCrawlOptions(withPromptOptions(body({ limit: 7 }), {}))).toEqual(
      resolveCrawlOptions(body({ limit: 7 })),
    );
  });

  it("still refuses the caller's own pattern that does not compile", () => {
    expect(() => resolveCrawlOptions(withPromptOptions(body({ excludePaths: ['(tag'] }), generated))).toThrow(
      expect.objectContaining({ code: ErrorCode.BadRequest, message: expect.stringContaining('"(tag"') }),
    );
  });
});
