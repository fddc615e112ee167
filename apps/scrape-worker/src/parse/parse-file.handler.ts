import { Controller, Inject } from '@nestjs/common';
import {
  type DocumentFormat,
  ErrorCode,
  ParseFileRequest,
  type ParsedFileReply,
  type ScrapeDocument,
  type ScrapeJobCommand,
  Subjects,
} from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { HandleRequest, JetStreamPublisher, PreserveRpcErrors } from '@wh/platform/messaging';
import type { ObjectStorage } from '@wh/platform/storage';
import type { PageSlots } from '../browser/page-slots';
import { formatsExtractionReads, PageExtractor, withExtracted } from '../extraction/page-extractor';
import { scrapeCredits } from '../scrape/scrape-credits';
import { type ConvertibleKind, detectFileType } from './file-type';
import { PARSE_SLOTS, PARSE_UPLOADS } from './parse-uploads.provider';
import { type ConvertedFile, UploadedFileConverter } from './uploaded-file-converter';

const CONVERTED_KINDS = 'HTML, PDF, DOCX, Markdown and plain text';

/** A converted upload, with what the log says of it. */
interface ConvertedUpload extends ConvertedFile {
  kind: ConvertibleKind;
  bytes: number;
}

/**
 * Answers `scrape.file.parse`: reads the upload the gateway stored, deletes it at once (nothing of the file is kept,
 * zero data retention or not), converts it, adds the json and summary formats as a scrape does, and bills it as
 * Firecrawl does: 1 credit a document, 1 a page for a parsed PDF, the json format's extra on top.
 */
@Controller()
@PreserveRpcErrors()
export class ParseFileHandler {
  constructor(
    @Inject(PARSE_UPLOADS) private readonly uploads: ObjectStorage,
    @Inject(UploadedFileConverter) private readonly converter: UploadedFileConverter,
    @Inject(PARSE_SLOTS) private readonly slots: PageSlots,
    @Inject(PageExtractor) private readonly extractor: PageExtractor,
    @Inject(JetStreamPublisher) private readonly publisher: JetStreamPublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @HandleRequest(Subjects.parseFile)
  async parse(request: ParseFileRequest): Promise<ParsedFileReply> {
    const started = Date.now();
    const { options } = request;
    // Extraction reads the markdown and the raw HTML whatever formats were asked for; they are dropped after.
    const needed = formatsExtractionReads(options);
    // Only the conversion holds a slot: waiting on extract-service's model costs this worker nothing.
    await this.slots.acquire();
    let converted: ConvertedUpload;
    try {
      converted = await this.convert(request, needed);
    } finally {
      this.slots.release();
    }
    const { document, tokens } = await this.withExtraction(request, converted.document, needed);
    await this.bill(request, converted, tokens);
    this.logger.info(
      {
        jobId: request.jobId,
        kind: converted.kind,
        bytes: converted.bytes,
        ms: Date.now() - started,
        // Zero-data-retention requests leave not even the file's name in the logs.
        ...(options.zeroDataRetention ? {} : { filename: request.filename }),
      },
      'file parsed',
    );
    return document;
  }

  /** Reads the upload, deletes it, and converts it into the asked formats plus `needed`. */
  private async convert(request: ParseFileRequest, needed: DocumentFormat[]): Promise<ConvertedUpload> {
    const stored = await this.uploads.get(request.objectKey);
    await this.uploads.delete(request.objectKey);
    if (!stored) throw new DomainError(ErrorCode.BadRequest, 'The upload is no longer stored: send the file again');
    if (Date.now() > request.deadlineAt) throw new DomainError(ErrorCode.ScrapeTimeout, 'Parse timed out');
    const detected = detectFileType(stored.body, request.filename, request.declaredContentType);
    if (detected.kind === 'unsupported') {
      throw new DomainError(
        ErrorCode.ScrapeUnsupportedFile,
        `The file is ${detected.contentType}, which parse cannot convert (it converts ${CONVERTED_KINDS})`,
        { detectedContentType: detected.contentType },
      );
    }
    const { options } = request;
    const converted = await this.converter.convert({
      body: stored.body,
      kind: detected.kind,
      contentType: detected.contentType,
      filename: request.filename,
      options: needed.length === 0 ? options : { ...options, formats: [...options.formats, ...needed] },
    });
    if (Date.now() > request.deadlineAt) throw new DomainError(ErrorCode.ScrapeTimeout, 'Parse timed out');
    return { ...converted, kind: detected.kind, bytes: stored.body.length };
  }

  private async withExtraction(
    request: ParseFileRequest,
    page: ScrapeDocument,
    needed: DocumentFormat[],
  ): Promise<{ document: ScrapeDocument; tokens: number | undefined }> {
    const job: ScrapeJobCommand = {
      jobId: request.jobId,
      teamId: request.teamId,
      url: request.filename,
      origin: 'direct',
      options: request.options,
      deadlineAt: request.deadlineAt,
    };
    const extracted = await this.extractor.extract(job, page);
    const document = withExtracted(page, extracted, needed);
    if (extracted.warning) document.warning = extracted.warning;
    return { document, tokens: extracted.tokens };
  }

  /**
   * Once per upload, with the LLM tokens of its json and summary formats: billing keeps one charge per event id, so
   * a repeated request is not charged twice.
   */
  private async bill(request: ParseFileRequest, converted: ConvertedFile, tokens: number | undefined): Promise<void> {
    const credits = scrapeCredits({
      ...(converted.pdfPagesParsed !== undefined ? { pdfPagesParsed: converted.pdfPagesParsed } : {}),
      proxyUsed: 'basic',
      ...(request.options.extraction?.json ? { jsonExtracted: true } : {}),
    });
    await this.publisher.publish(
      Subjects.usageRecorded,
      {
        eventId: `parse:${request.jobId}`,
        teamId: request.teamId,
        kind: 'parse',
        jobId: request.jobId,
        ...(request.apiKeyId ? { apiKeyId: request.apiKeyId } : {}),
        credits,
        ...(tokens ? { tokens } : {}),
        occurredAt: new Date().toISOString(),
      },
      { msgId: `usage:parse:${request.jobId}` },
    );
  }
}
