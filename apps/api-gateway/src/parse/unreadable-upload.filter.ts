import { type ArgumentsHost, Catch, type ExceptionFilter, HttpStatus } from '@nestjs/common';
import type { Response } from 'express';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';

/**
 * An uploaded file of a type the API cannot convert. A scraped target of such a type is the site's doing (415), but
 * an upload is the caller's input, so POST /v2/parse answers 400 with the same code, as Firecrawl's parse does.
 */
export class UnreadableUploadError extends DomainError {
  constructor(failure: DomainError) {
    super(ErrorCode.ScrapeUnsupportedFile, failure.message, failure.details);
  }
}

/** Sends {@link UnreadableUploadError} as a 400 in the API's error shape. */
@Catch(UnreadableUploadError)
export class UnreadableUploadFilter implements ExceptionFilter {
  catch(exception: UnreadableUploadError, host: ArgumentsHost): void {
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(HttpStatus.BAD_REQUEST)
      .json({
        success: false,
        error: exception.message,
        code: exception.code,
        ...(exception.details !== undefined ? { details: exception.details } : {}),
      });
  }
}
