import { randomUUID } from 'node:crypto';
import { Controller, HttpCode, Inject, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  ErrorCode,
  MAX_SCRAPE_TIMEOUT_MS,
  type ParseFileRequest,
  parseUploadKey,
  type ResolvedScrapeOptions,
  type ScrapeDocument,
  Subjects,
} from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { NatsRequester } from '@wh/platform/messaging';
import type { ObjectStorage } from '@wh/platform/storage';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentTeam, type TeamContext } from '../auth/team-context';
import { Billed } from '../billing/billed.guard';
import { OBJECT_STORAGE } from '../files/object-storage.provider';
import { GatewayConfig } from '../gateway.config';
import { resolveParseOptions } from './resolve-parse-options';
import { UnreadableUploadError, UnreadableUploadFilter } from './unreadable-upload.filter';
import { receiveUpload } from './upload-receiver';

/** The worker's reply may arrive this long after the conversion's own deadline (its timeout error, say). */
const REPLY_GRACE_MS = 2_000;

/**
 * POST /v2/parse: a file in, a document out. The upload streams into the object store (never into a NATS message),
 * a scrape-worker converts it through scrape's own pipelines and bills it, and the stored upload is gone when the
 * answer leaves, whatever the outcome.
 */
@Controller('v2')
@UseGuards(ApiKeyGuard)
export class ParseController {
  constructor(
    @Inject(NatsRequester) private readonly requester: NatsRequester,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Post('parse')
  @Billed('parse')
  @HttpCode(200)
  @UseFilters(UnreadableUploadFilter)
  async parse(
    @CurrentTeam() team: TeamContext,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ success: true; data: ScrapeDocument }> {
    const jobId = randomUUID();
    const objectKey = parseUploadKey(team.teamId, jobId);
    let options: ResolvedScrapeOptions | undefined;
    try {
      const file = await receiveUpload(
        request.headers,
        request,
        { maxFileBytes: this.config.PARSE_MAX_BYTES },
        {
          storage: this.storage,
          key: objectKey,
          // An upload whose request died with its gateway counts as gone once nobody can be waiting for it.
          expiresAt: Date.now() + MAX_SCRAPE_TIMEOUT_MS + REPLY_GRACE_MS,
          onOptions: (text) => {
            options = resolveParseOptions(text);
          },
        },
      );
      const resolved = options ?? resolveParseOptions(undefined);
      const data = await this.convert({
        jobId,
        teamId: team.teamId,
        ...(team.apiKeyId ? { apiKeyId: team.apiKeyId } : {}),
        objectKey,
        filename: file.filename,
        ...(file.declaredContentType ? { declaredContentType: file.declaredContentType } : {}),
        options: resolved,
        deadlineAt: Date.now() + resolved.timeout,
      });
      return { success: true, data };
    } catch (error) {
      // Refused before the body was read to its end: the rest stays unread, so the connection cannot serve another.
      if (!request.complete) response.setHeader('connection', 'close');
      if (error instanceof DomainError && error.code === ErrorCode.ScrapeUnsupportedFile) {
        throw new UnreadableUploadError(error);
      }
      throw error;
    } finally {
      await this.storage
        .delete(objectKey)
        .catch((error: unknown) => this.logger.warn({ err: error, jobId }, 'parse upload not deleted'));
    }
  }

  /** Asks a scrape-worker for the document; no answer by the deadline is the caller's timeout running out. */
  private async convert(request: ParseFileRequest): Promise<ScrapeDocument> {
    try {
      return await this.requester.request(
        Subjects.parseFile,
        request,
        request.deadlineAt - Date.now() + REPLY_GRACE_MS,
      );
    } catch (error) {
      if (
        error instanceof DomainError &&
        error.code === ErrorCode.ServiceUnavailable &&
        Date.now() >= request.deadlineAt
      ) {
        throw new DomainError(ErrorCode.ScrapeTimeout, 'Parse timed out');
      }
      throw error;
    }
  }
}
