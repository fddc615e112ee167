import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type ExtractJobRunCommand } from '@wh/contracts';
import { toDomainError } from '@wh/platform/errors';
import { LOGGER, type Logger } from '@wh/platform/logging';
import type { JetStreamMessageContext } from '@wh/platform/messaging';
import { extractCredits } from './extract-credits';
import { ExtractJobBiller } from './extract-job-biller';
import { ExtractJobsRepository, type ExtractJobPageRow, type ExtractJobRow } from './extract-jobs.repository';
import { JobExtractor } from './job-extractor';
import { JobPageReader } from './job-page-reader';
import { TargetResolver } from './target-resolver';

/** Time one run of a job gives its model calls (each also capped by LLM_TIMEOUT_MS). */
export const JOB_EXTRACTION_BUDGET_MS = 10 * 60_000;

/**
 * Runs or resumes one extract job: its pages settled once (wildcards and web search expanded), each page read once
 * and kept, then the answer, then the job completed and its one charge sent. Every step starts from what the tables
 * say was done, so a command redelivered after a crash (or a second delivery) continues where the job stood. A
 * failure that may pass (a dependency down) is thrown for JetStream to redeliver; any other, or the last delivery's,
 * fails the job with its message.
 */
@Injectable()
export class RunExtractJob {
  constructor(
    @Inject(ExtractJobsRepository) private readonly jobs: ExtractJobsRepository,
    @Inject(TargetResolver) private readonly targets: TargetResolver,
    @Inject(JobPageReader) private readonly reader: JobPageReader,
    @Inject(JobExtractor) private readonly extractor: JobExtractor,
    @Inject(ExtractJobBiller) private readonly biller: ExtractJobBiller,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(command: ExtractJobRunCommand, context: Pick<JetStreamMessageContext, 'isLastDelivery'>) {
    const job = await this.jobs.find(command.teamId, command.jobId);
    if (!job) return;
    if (job.status === 'completed' && !job.billed_at) await this.biller.bill(job);
    if (job.status !== 'processing') return;
    try {
      await this.run(job);
    } catch (error) {
      const failure = toDomainError(error);
      if (failure.retryable && !context.isLastDelivery) throw failure;
      this.logger.warn({ err: failure, jobId: job.id }, 'extract job failed');
      // An internal error's message is ours (a query, a stack's words): the log has it, the status a plain reason.
      const reason = failure.code === ErrorCode.Internal ? 'internal error while running the job' : failure.message;
      await this.jobs.fail(job.id, reason, 0);
    }
  }

  private async run(job: ExtractJobRow): Promise<void> {
    const warnings: string[] = [];
    let targets = job.targets;
    if (!targets) {
      const resolved = await this.targets.resolve(job.team_id, job.request);
      warnings.push(...resolved.warnings);
      targets = await this.jobs.settleTargets(job.id, resolved.urls);
    }
    if (targets.length === 0) {
      await this.jobs.fail(job.id, 'no page to read: the URLs, wildcards and web search found none', 0);
      return;
    }
    const pages = await this.reader.readAll(job, targets, !this.extractor.hasModel);
    const readable = pages.filter((page): page is ExtractJobPageRow & { markdown: string } => page.markdown !== null);
    const unreadable = pages.filter((page) => page.markdown === null);
    if (readable.length === 0) {
      await this.jobs.fail(job.id, `no page could be read: ${describePages(unreadable)}`, 0);
      return;
    }
    if (unreadable.length > 0)
      warnings.push(`${unreadable.length} of ${pages.length} pages could not be read: ${describePages(unreadable)}`);

    const { request } = job;
    const answer = await this.extractor.extract(
      { prompt: request.prompt, schema: request.schema, systemPrompt: request.systemPrompt },
      readable.map((page) => ({ url: page.url, markdown: page.markdown, ...(page.html ? { html: page.html } : {}) })),
      Date.now() + JOB_EXTRACTION_BUDGET_MS,
    );
    const tokensUsed = answer.usage.promptTokens + answer.usage.completionTokens;
    const creditsUsed = extractCredits({ tokens: tokensUsed, pagesRead: readable.length, usedModel: answer.usedModel });
    warnings.push(...answer.warnings);
    const completed = await this.jobs.complete(job.id, {
      data: answer.data,
      ...(request.showSources ? { sources: answer.sources } : {}),
      ...(warnings.length > 0 ? { warning: warnings.join('; ') } : {}),
      tokensUsed,
      creditsUsed,
    });
    if (!completed) return;
    const finished = await this.jobs.find(job.team_id, job.id);
    if (finished) await this.biller.bill(finished);
  }
}

function describePages(pages: readonly ExtractJobPageRow[]): string {
  const listed = pages.slice(0, 5).map((page) => `${page.url} (${page.error ?? 'no content'})`);
  return pages.length > 5 ? `${listed.join(', ')} and ${pages.length - 5} more` : listed.join(', ');
}
