import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest } from '../auth/team-context';

/** What BilledGuard leaves on a request: the credits the team had left when the request was admitted. */
export type BilledRequest = AuthenticatedRequest & { remainingCredits?: number | null };

/** Injects the team's credits left when the request was admitted (null: unlimited, or nobody is billed). */
export const RemainingCredits = createParamDecorator(
  (_data: unknown, context: ExecutionContext): number | null =>
    context.switchToHttp().getRequest<BilledRequest>().remainingCredits ?? null,
);

/**
 * A crawl's or batch's number of pages, cut to what the credits left pay for at `perPage` credits a page, with the
 * warning the create reply carries when it was cut; as Firecrawl does, rather than refusing the job.
 */
export function pagesWithinCredits(
  pages: number,
  remainingCredits: number | null,
  what: 'crawl limit' | 'number of URLs',
  perPage = 1,
): { pages: number; warning?: string } {
  if (remainingCredits === null) return { pages };
  const affordable = Math.floor(remainingCredits / perPage);
  if (pages <= affordable) return { pages };
  const left = 'the credits your team has left in this billing period';
  return {
    pages: affordable,
    warning:
      perPage === 1
        ? `The ${what} was lowered from ${pages} to ${affordable}, ${left}.`
        : `The ${what} was lowered from ${pages} to ${affordable}: at ${perPage} credits a page, that is what ${left} pay for.`,
  };
}
