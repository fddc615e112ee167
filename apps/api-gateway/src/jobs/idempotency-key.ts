import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';

const HEADER = 'x-idempotency-key';
const MAX_LENGTH = 256;

/** The request's `x-idempotency-key`, if any: a second job with the same key is a 409. */
export const IdempotencyKey = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined => {
  const value = context.switchToHttp().getRequest<Request>().headers[HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) {
    throw new DomainError(
      ErrorCode.BadRequest,
      `Bad Request: ${HEADER} must be a single value of 1 to ${MAX_LENGTH} characters`,
    );
  }
  return value;
});
