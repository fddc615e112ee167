import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { ErrorCode } from '@wh/contracts';
import { DomainError, validationProblems } from '@wh/platform/errors';
import type { FieldProblem } from '../scrape/action-rules';
import { keysLostInTransformation, unsafeInputProblems } from './unsafe-input';

/** What a client sent: checked before any class sees it. Decorators of our own (the team) are not client input. */
const CLIENT_INPUT: ReadonlySet<ArgumentMetadata['type']> = new Set(['body', 'query', 'param']);

function badRequest(problems: FieldProblem[]): DomainError {
  const summary = problems.map((problem) => problem.message).join('; ');
  return new DomainError(ErrorCode.BadRequest, `Bad Request: ${summary}`, problems);
}

/**
 * Validates request input the way Firecrawl's strict schemas do: unknown fields are an error, not dropped, and every
 * problem is listed in `details`. Input no route can take safely (see `unsafeInputProblems`) is refused before
 * class-transformer walks it.
 */
class ApiValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (!CLIENT_INPUT.has(metadata.type)) return super.transform(value, metadata);
    // A named argument (`@Param('name')`, `@Query('token')`) is its own field; a whole body or query names none.
    const unsafe = unsafeInputProblems(value, metadata.data ?? '');
    if (unsafe.length > 0) throw badRequest(unsafe);
    const built: unknown = await super.transform(value, metadata);
    const lost = keysLostInTransformation(value, built);
    if (lost.length > 0) throw badRequest(lost);
    return built;
  }
}

export function createApiValidationPipe(): ValidationPipe {
  return new ApiValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    exceptionFactory: (errors) => badRequest(validationProblems(errors)),
  });
}
