import { ErrorCode, type ExtractJobView } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { ExtractJobRow } from './extract-jobs.repository';

/** A job as GET /v2/extract/{id} shows it; a job past its expiry is gone, as another team's is. */
export function extractJobView(job: ExtractJobRow | undefined, now = new Date()): ExtractJobView {
  if (!job || job.expires_at <= now) throw new DomainError(ErrorCode.NotFound, 'Extract job not found');
  return {
    status: job.status,
    data: job.status === 'completed' ? job.data : null,
    ...(job.error ? { error: job.error } : {}),
    ...(job.warning ? { warning: job.warning } : {}),
    ...(job.request.showSources && job.status === 'completed' ? { sources: job.sources ?? {} } : {}),
    expiresAt: job.expires_at.toISOString(),
    tokensUsed: job.tokens_used,
    creditsUsed: job.credits_used,
  };
}
