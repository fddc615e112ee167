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
 * A crawl's or batch's number of pages, cut to the credits left (a page costs at least one), with the warning the
 * create reply carries when it was cut; as Firecrawl does, rather than refusing the job.
 */
export function pagesWithinCredits(
  pages: number,
  remainingCredits: number | null,
  what: 'crawl limit' | 'number of URLs',
): { pages: number; warning?: string } {
  if (remainingCredits === null || pages <= remainingCredits) return { pages };
  return {
    pages: remainingCredits,
    warning: `The ${what} was lowered from ${pages} to ${remainingCredits}, the credits your team has left in this billing period.`,
  };
}
