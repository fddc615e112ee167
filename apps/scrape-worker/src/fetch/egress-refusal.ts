import { ErrorCode } from '@wh/contracts';
import type { GuardRefusal } from '@wh/platform/egress-guard';
import { DomainError } from '@wh/platform/errors';

/** A page the egress guard refused: the scrape fails with the guard's reason instead of keeping its 403 as the page. */
export function egressRefusalError(refusal: GuardRefusal, url: string): DomainError {
  const details = { url, reason: refusal.details };
  if (refusal.kind === 'destination_ip_prohibited')
    return new DomainError(ErrorCode.ScrapeTargetForbidden, `${url} cannot be scraped: ${refusal.details}`, details);
  if (refusal.kind === 'dns_error')
    return new DomainError(ErrorCode.ScrapeDnsResolutionError, `The host of ${url} could not be resolved`, details);
  return new DomainError(ErrorCode.ScrapeSiteError, `Loading ${url} failed: ${refusal.details}`, details);
}
