import { Inject, Injectable } from '@nestjs/common';
import type {
  ChangeStatus,
  ChangeTrackingOptions,
  ChangeTrackingResult,
  ScrapeDocument,
  ScrapeJobCommand,
} from '@wh/contracts';
import { ChangeJsonComparer, type ChangeJson } from './change-json';
import { contentChanged } from './change-comparison';
import { ChangeSnapshotsRepository, type Snapshot } from './change-snapshots.repository';
import { markdownDiff } from './markdown-diff';

/** Statuses that say the page is gone rather than broken. */
const GONE_STATUSES = new Set([404, 410]);

/** `data.changeTracking` and a warning about how json mode was answered. */
export interface TrackedChange {
  changeTracking: ChangeTrackingResult;
  warning?: string;
  /** LLM tokens json mode took. */
  tokens?: number;
}

function statusOf(previous: Snapshot | undefined, gone: boolean, markdown: string): ChangeStatus {
  if (gone) return 'removed';
  if (!previous) return 'new';
  return contentChanged(previous.markdown, markdown) ? 'changed' : 'same';
}

/**
 * The `changeTracking` format of one freshly scraped page. A page that answered below 400 is filed as this team's
 * newest version of the URL under the tag (unless zero data retention keeps nothing) and compared with the version
 * before it; a page that answered 404 or 410 is `removed`; other failures are compared but never filed, so the next
 * scrape still compares against the last good version.
 */
@Injectable()
export class ChangeTracker {
  constructor(
    @Inject(ChangeSnapshotsRepository) private readonly snapshots: ChangeSnapshotsRepository,
    @Inject(ChangeJsonComparer) private readonly json: ChangeJsonComparer,
  ) {}

  async track(
    job: ScrapeJobCommand,
    options: ChangeTrackingOptions,
    page: ScrapeDocument,
    scrapedAt: Date,
  ): Promise<TrackedChange> {
    const key = { teamId: job.teamId, url: job.url, tag: options.tag };
    const markdown = page.markdown ?? '';
    const statusCode = page.metadata.statusCode;
    const previous =
      statusCode < 400 && !job.options.zeroDataRetention
        ? await this.snapshots.file(key, { jobId: job.jobId, markdown, scrapedAt })
        : await this.snapshots.latest(key);
    const changeStatus = statusOf(previous, GONE_STATUSES.has(statusCode), markdown);
    const changeTracking: ChangeTrackingResult = {
      previousScrapeAt: previous ? previous.scrapedAt.toISOString() : null,
      changeStatus,
      visibility: job.hidden ? 'hidden' : 'visible',
    };
    // Only a page that is there can be compared with its previous version.
    if (!previous || changeStatus === 'removed') return { changeTracking };
    const describing = options.modes.includes('json') && !options.schema && changeStatus === 'changed';
    const diff =
      options.modes.includes('git-diff') || describing ? markdownDiff(previous.markdown, markdown) : undefined;
    if (diff && options.modes.includes('git-diff')) changeTracking.diff = diff;
    const compared = options.modes.includes('json')
      ? await this.compareJson(job, options, previous.markdown, markdown, changeStatus, diff?.text ?? '')
      : undefined;
    if (compared) changeTracking.json = compared.json;
    return {
      changeTracking,
      ...(compared?.warning ? { warning: compared.warning } : {}),
      ...(compared?.tokens ? { tokens: compared.tokens } : {}),
    };
  }

  /**
   * Only a page that changed is read by the model: the fields of a page whose content is the same cannot differ, so
   * schema mode answers `{}` for it without a model call (the common case when a page is watched on a schedule).
   */
  private async compareJson(
    job: ScrapeJobCommand,
    options: ChangeTrackingOptions,
    previous: string,
    current: string,
    status: ChangeStatus,
    diffText: string,
  ): Promise<ChangeJson | undefined> {
    const { schema } = options;
    if (status !== 'changed') return schema ? { json: {} } : undefined;
    return schema
      ? this.json.compareFields(job, { ...options, schema }, previous, current)
      : this.json.describe(job, options, diffText);
  }
}
