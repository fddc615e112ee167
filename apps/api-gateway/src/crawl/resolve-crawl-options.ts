import { DEFAULT_CRAWL_LIMIT, ErrorCode, type ResolvedCrawlOptions } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { CrawlRequestDto } from './crawl-request.dto';

function invalidPatterns(field: string, patterns: readonly string[]): { path: string; message: string }[] {
  return patterns.flatMap((pattern, index) => {
    try {
      new RegExp(pattern);
      return [];
    } catch (error) {
      return [
        {
          path: `${field}.${index}`,
          message: `${JSON.stringify(pattern)} is not a valid regular expression: ${(error as Error).message}`,
        },
      ];
    }
  });
}

/** Applies the defaults of spec 4.5 and refuses path patterns that are not regular expressions. */
export function resolveCrawlOptions(body: CrawlRequestDto): ResolvedCrawlOptions {
  const includePaths = body.includePaths ?? [];
  const excludePaths = body.excludePaths ?? [];
  const problems = [...invalidPatterns('includePaths', includePaths), ...invalidPatterns('excludePaths', excludePaths)];
  if (problems.length > 0) {
    throw new DomainError(
      ErrorCode.BadRequest,
      `Bad Request: ${problems.map((problem) => problem.message).join('; ')}`,
      problems,
    );
  }
  return {
    includePaths,
    excludePaths,
    ...(body.maxDiscoveryDepth !== undefined ? { maxDiscoveryDepth: body.maxDiscoveryDepth } : {}),
    sitemap: body.sitemap ?? 'include',
    ignoreQueryParameters: body.ignoreQueryParameters ?? false,
    regexOnFullURL: body.regexOnFullURL ?? false,
    limit: body.limit ?? DEFAULT_CRAWL_LIMIT,
    crawlEntireDomain: body.crawlEntireDomain ?? false,
    allowExternalLinks: body.allowExternalLinks ?? false,
    allowSubdomains: body.allowSubdomains ?? false,
    ...(body.delay !== undefined ? { delay: body.delay } : {}),
    ...(body.prompt !== undefined ? { prompt: body.prompt } : {}),
  };
}
