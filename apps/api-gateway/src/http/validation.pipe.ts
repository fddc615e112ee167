import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';

interface FieldProblem {
  path: string;
  message: string;
}

function problems(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ path, message }));
    return [...own, ...problems(error.children ?? [], path)];
  });
}

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
      const details = problems(errors);
      const summary = details.map((problem) => problem.message).join('; ');
      return new DomainError(ErrorCode.BadRequest, `Bad Request: ${summary}`, details);
    },
  });
}
