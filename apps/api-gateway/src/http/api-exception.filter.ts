import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { Response } from 'express';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { Logger } from '@wh/platform/logging';
import { STATUS_BY_CODE } from './error-status';

export interface ErrorBody {
  success: false;
  error: string;
  code: ErrorCode;
  details?: unknown;
}

/** An error's status, Firecrawl-style body and, when retrying later makes sense, the seconds to wait. */
export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  retryAfter: number | undefined;
}

/** What a client learns of a dependency that did not answer in time: that trying again later may work. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'A service this request needs did not answer in time; try again shortly';

/** Codes for errors raised by the HTTP layer itself (routing, body parsing). */
const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  [HttpStatus.BAD_REQUEST]: ErrorCode.BadRequest,
  [HttpStatus.UNAUTHORIZED]: ErrorCode.Unauthorized,
  [HttpStatus.NOT_FOUND]: ErrorCode.NotFound,
  [HttpStatus.PAYLOAD_TOO_LARGE]: ErrorCode.PayloadTooLarge,
};

function describeHttpException(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  return Array.isArray(message) ? message.join('; ') : typeof message === 'string' ? message : exception.message;
}

/** A domain error may say when trying again makes sense (`details.retryAfterSeconds`), sent as Retry-After. */
function retryAfterSeconds(exception: unknown): number | undefined {
  if (!(exception instanceof DomainError)) return undefined;
  const value = (exception.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof value === 'number' && value > 0 ? Math.ceil(value) : undefined;
}

/** Every error leaves the API as Firecrawl does it: `{success: false, error, code, details}`. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body, retryAfter } = this.describe(exception);
    if (retryAfter !== undefined) response.setHeader('Retry-After', String(retryAfter));
    response.status(status).json(body);
  }

  /** The answer an error gets (logged here when it is the server's fault), for callers that write it themselves. */
  describe(exception: unknown): ErrorAnswer {
    const [status, body] = this.toResponse(exception);
    if (status >= 500) this.logger.error({ err: exception }, 'request failed');
    return { status, body, retryAfter: retryAfterSeconds(exception) };
  }

  private toResponse(exception: unknown): [number, ErrorBody] {
    // A dependency that did not answer is described in our own words (subjects, NATS errors): they go to the log.
    if (exception instanceof DomainError && exception.code === ErrorCode.ServiceUnavailable) {
      return [
        STATUS_BY_CODE[exception.code],
        { success: false, error: SERVICE_UNAVAILABLE_MESSAGE, code: exception.code },
      ];
    }
    // An internal error's message is ours (a stack's words, a peer's address): it goes to the log, not to the client.
    if (exception instanceof DomainError && exception.code !== ErrorCode.Internal) {
      const body: ErrorBody = { success: false, error: exception.message, code: exception.code };
      if (exception.details !== undefined) body.details = exception.details;
      return [STATUS_BY_CODE[exception.code], body];
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      return [
        status,
        {
          success: false,
          error: describeHttpException(exception),
          code: CODE_BY_STATUS[status] ?? ErrorCode.BadRequest,
        },
      ];
    }
    // Body-parser failures arrive as plain errors carrying a status (malformed JSON, body too large).
    const status = (exception as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message =
        status === 413
          ? 'Request body is too large'
          : status === 415
            ? 'Request body has a charset or content encoding the API does not read'
            : 'Request body is not valid JSON';
      return [status, { success: false, error: message, code: CODE_BY_STATUS[status] ?? ErrorCode.BadRequest }];
    }
    return [500, { success: false, error: 'Internal server error', code: ErrorCode.Internal }];
  }
}
