import { ValidationPipe } from '@nestjs/common';
import { ErrorCode } from '@wh/contracts';
import { DomainError, validationProblems } from '@wh/platform/errors';

/**
 * Validates request bodies the way Firecrawl's strict schemas do: unknown fields are an error, not dropped.
 * Every problem is listed in `details`.
 */
export function createApiValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    exceptionFactory: (errors) => {
      const details = validationProblems(errors);
      const summary = details.map((problem) => problem.message).join('; ');
      return new DomainError(ErrorCode.BadRequest, `Bad Request: ${summary}`, details);
    },
  });
}
