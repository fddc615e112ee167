import { Inject, Injectable } from '@nestjs/common';
import {
  type DocumentFormat,
  ErrorCode,
  type ExtractionFormats,
  type ExtractPageReply,
  type ResolvedScrapeOptions,
  type ScrapeDocument,
  type ScrapeJobCommand,
  Subjects,
} from '@wh/contracts';
import { DomainError, toDomainError } from '@wh/platform/errors';
import { NatsRequester } from '@wh/platform/messaging';
import { measureStage } from '@wh/platform/telemetry';

/** The text extract-service reads: markdown, and the HTML whose structured data the extractor without an LLM uses. */
export interface ExtractionSource {
  url: string;
  markdown: string;
  html?: string;
}

/** What the `json` and `summary` formats add to a document, and the LLM tokens they took (absent: no model call). */
export type ExtractedFormats = Pick<ExtractPageReply, 'json' | 'summary' | 'warning'> & { tokens?: number };

/** The formats extraction reads whatever was asked (markdown, and raw HTML for structured data), beyond `asked`. */
export function formatsExtractionReads(options: ResolvedScrapeOptions): DocumentFormat[] {
  if (!options.extraction) return [];
  return (['markdown', 'rawHtml'] as const).filter((format) => !options.formats.includes(format));
}

/** The document the caller gets: `page` without the formats only extraction needed, with what extraction added. */
export function withExtracted(
  page: ScrapeDocument,
  extracted: ExtractedFormats,
  dropped: DocumentFormat[],
): ScrapeDocument {
  const document: ScrapeDocument = { ...page };
  for (const format of dropped) delete document[format];
  if (extracted.json !== undefined) document.json = extracted.json;
  if (extracted.summary !== undefined) document.summary = extracted.summary;
  return document;
}

/**
 * A NATS request outlives the extraction's own deadline by this much, so extract-service's `LLM_TIMEOUT` reply
 * arrives rather than a bare request timeout.
 */
const REPLY_GRACE_MS = 2_000;

/** The model's failures, reported by extract-service after its own retries. */
const MODEL_FAILURES = new Set<ErrorCode>([ErrorCode.LlmUnavailable, ErrorCode.LlmTimeout, ErrorCode.LlmOutputInvalid]);

/**
 * Asks extract-service for the `json` and `summary` formats of one scraped page, within what is left of the scrape's
 * deadline. Its failures (`LLM_OUTPUT_INVALID`, `LLM_TIMEOUT`, `LLM_NOT_CONFIGURED`...) are the scrape's: final, not
 * retried, since extract-service already retried the model and a redelivery would fetch the page again for nothing.
 * Only extract-service not answering at all, with time left, is worth another delivery.
 */
@Injectable()
export class PageExtractor {
  constructor(@Inject(NatsRequester) private readonly requester: NatsRequester) {}

  async extract(job: ScrapeJobCommand, page: ScrapeDocument): Promise<ExtractedFormats> {
    const formats = job.options.extraction;
    if (!formats) return {};
    return this.extractFrom(
      job,
      {
        url: page.metadata.url || job.url,
        markdown: page.markdown ?? '',
        // The raw page: its head holds the JSON-LD and meta tags the extractor without an LLM reads.
        ...(page.rawHtml !== undefined ? { html: page.rawHtml } : page.html !== undefined ? { html: page.html } : {}),
      },
      formats,
    );
  }

  /** Asks extract-service for `formats` of any text on the job's behalf (change tracking compares two versions). */
  async extractFrom(
    job: ScrapeJobCommand,
    source: ExtractionSource,
    formats: ExtractionFormats,
  ): Promise<ExtractedFormats> {
    const remainingMs = job.deadlineAt - Date.now();
    if (remainingMs <= 0) {
      throw new DomainError(ErrorCode.LlmTimeout, 'The scrape used its whole timeout before the json/summary formats');
    }
    try {
      const reply = await measureStage('extract', () =>
        this.requester.request(
          Subjects.extractPageRun,
          {
            teamId: job.teamId,
            ...source,
            formats,
            deadlineAt: job.deadlineAt,
            zeroDataRetention: job.options.zeroDataRetention,
          },
          remainingMs + REPLY_GRACE_MS,
        ),
      );
      return {
        ...(reply.json !== undefined ? { json: reply.json } : {}),
        ...(reply.summary !== undefined ? { summary: reply.summary } : {}),
        ...(reply.warning ? { warning: reply.warning } : {}),
        ...(reply.usage.calls > 0 ? { tokens: reply.usage.promptTokens + reply.usage.completionTokens } : {}),
      };
    } catch (error) {
      const failure = toDomainError(error);
      if (failure.code === ErrorCode.ServiceUnavailable && Date.now() >= job.deadlineAt) {
        throw new DomainError(
          ErrorCode.LlmTimeout,
          'The json/summary formats were not ready within the scrape timeout',
        );
      }
      if (failure.retryable && MODEL_FAILURES.has(failure.code)) {
        throw new DomainError(failure.code, failure.message, failure.details, false);
      }
      throw failure;
    }
  }
}
