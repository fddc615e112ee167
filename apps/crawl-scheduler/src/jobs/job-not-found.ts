import { type CrawlJobKind, ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';

/** Another team's job, an expired one, or one of the other kind: not found, in the words of its endpoint. */
export function jobNotFound(kind: CrawlJobKind): DomainError {
  return new DomainError(ErrorCode.NotFound, kind === 'crawl' ? 'Crawl job not found' : 'Batch scrape job not found');
}
