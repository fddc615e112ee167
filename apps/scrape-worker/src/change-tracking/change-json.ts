import { Inject, Injectable } from '@nestjs/common';
import type { ChangeTrackingOptions, ScrapeJobCommand } from '@wh/contracts';
import { PageExtractor } from '../extraction/page-extractor';
import { fieldChanges } from './field-changes';

/** Tells the model what it reads, before the caller's prompt or the default task. */
export const DIFF_INPUT_NOTE =
  'The page is given as a unified diff of its previous and current markdown: lines starting with "-" were removed, ' +
  'lines starting with "+" were added.';

/** What json mode asks without a schema when the caller gave no prompt of its own. */
export const DEFAULT_CHANGE_TASK = 'Describe in one or two short sentences what changed on this page.';

/** json mode's answer and what extract-service said about how it made it. */
export interface ChangeJson {
  json: unknown;
  warning?: string;
  /** LLM tokens the comparison took. */
  tokens?: number;
}

/**
 * json mode, through extract-service like the json format. With a schema both versions are extracted (from their
 * markdown alone: the previous version's HTML is not kept, and reading only markdown keeps the two sides alike) and
 * the fields that differ are reported; without one the model describes the diff, which needs a model: extract-service
 * answers a prompt-only request with `LLM_NOT_CONFIGURED` when it has none.
 */
@Injectable()
export class ChangeJsonComparer {
  constructor(@Inject(PageExtractor) private readonly extractor: PageExtractor) {}

  async compareFields(
    job: ScrapeJobCommand,
    options: ChangeTrackingOptions & { schema: Record<string, unknown> },
    previous: string,
    current: string,
  ): Promise<ChangeJson> {
    const formats = { json: { schema: options.schema, ...(options.prompt ? { prompt: options.prompt } : {}) } };
    const [before, after] = await Promise.all([
      this.extractor.extractFrom(job, { url: job.url, markdown: previous }, formats),
      this.extractor.extractFrom(job, { url: job.url, markdown: current }, formats),
    ]);
    const warning = [...new Set([before.warning, after.warning].filter(Boolean))].join(' ');
    const tokens = (before.tokens ?? 0) + (after.tokens ?? 0);
    return {
      json: fieldChanges(before.json, after.json),
      ...(warning ? { warning } : {}),
      ...(tokens ? { tokens } : {}),
    };
  }

  async describe(job: ScrapeJobCommand, options: ChangeTrackingOptions, diffText: string): Promise<ChangeJson> {
    const described = await this.extractor.extractFrom(
      job,
      { url: job.url, markdown: diffText },
      { json: { prompt: `${DIFF_INPUT_NOTE} ${options.prompt ?? DEFAULT_CHANGE_TASK}` } },
    );
    return {
      json: described.json,
      ...(described.warning ? { warning: described.warning } : {}),
      ...(described.tokens ? { tokens: described.tokens } : {}),
    };
  }
}
