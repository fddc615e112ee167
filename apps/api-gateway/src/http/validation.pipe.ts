import { type ArgumentMetadata, ValidationPipe, type ValidationPipeOptions } from '@nestjs/common';
import { ErrorCode } from '@wh/contracts';
import { DomainError, validationProblems } from '@wh/platform/errors';
import type { FieldProblem } from '../scrape/action-rules';
import { ScrapeRequestDto } from '../scrape/scrape-request.dto';
import { simpleScrapeRequest } from '../scrape/simple-scrape-request';
import { keysLostInTransformation, unsafeInputProblems } from './unsafe-input';

/** What a client sent: checked before any class sees it. Decorators of our own (the team) are not client input. */
const CLIENT_INPUT: ReadonlySet<ArgumentMetadata['type']> = new Set(['body', 'query', 'param']);

function badRequest(problems: FieldProblem[]): DomainError {
  const summary = problems.map((problem) => problem.message).join('; ');
  return new DomainError(ErrorCode.BadRequest, `Bad Request: ${summary}`, problems);
}

/** Whether a route's body is declared as one of our request classes (not left untyped). */
function isRequestClass(metatype: ArgumentMetadata['metatype']): boolean {
  return typeof metatype === 'function' && metatype !== Object && metatype !== Array;
}

function isJsonObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A check of a body class's common small form that builds the instance the full pipeline would, or gives undefined
 * for anything else (the full pipeline then runs and words any error).
 */
export type BodyFastPath = (body: unknown) => object | undefined;

/** Bodies of the hottest routes, which are nearly always a handful of plain fields. */
const BODY_FAST_PATHS: ReadonlyMap<ArgumentMetadata['metatype'], BodyFastPath> = new Map([
  [ScrapeRequestDto, simpleScrapeRequest],
]);

/**
 * Validates request input the way Firecrawl's strict schemas do: unknown fields are an error, not dropped, and every
 * problem is listed in `details`. Input no route can take safely (see `unsafeInputProblems`) is refused before
 * class-transformer walks it.
 */
class ApiValidationPipe extends ValidationPipe {
  constructor(
    options: ValidationPipeOptions,
    private readonly fastPaths: ReadonlyMap<ArgumentMetadata['metatype'], BodyFastPath>,
  ) {
    super(options);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (!CLIENT_INPUT.has(metadata.type)) return super.transform(value, metadata);
    // Class-validator would list each index of an array as an unknown property: say what is wrong instead. A body no
    // parser read (another content type) is left to the checks of the fields it lacks.
    if (metadata.type === 'body' && isRequestClass(metadata.metatype) && value !== undefined && !isJsonObject(value)) {
      throw badRequest([{ path: '', message: 'the request body must be a JSON object' }]);
    }
    // A named argument (`@Param('name')`, `@Query('token')`) is its own field; a whole body or query names none.
    const unsafe = unsafeInputProblems(value, metadata.data ?? '');
    if (unsafe.length > 0) throw badRequest(unsafe);
    const fast = metadata.type === 'body' ? this.fastPaths.get(metadata.metatype)?.(value) : undefined;
    if (fast) return fast;
    const built: unknown = await super.transform(value, metadata);
    const lost = keysLostInTransformation(value, built);
    if (lost.length > 0) throw badRequest(lost);
    return built;
  }
}

/** The API's validation; `fastPaths` replaces the built-in ones (a test compares the pipe with and without them). */
export function createApiValidationPipe(
  fastPaths: ReadonlyMap<ArgumentMetadata['metatype'], BodyFastPath> = BODY_FAST_PATHS,
): ValidationPipe {
  return new ApiValidationPipe(
    {
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      exceptionFactory: (errors) => badRequest(validationProblems(errors)),
    },
    fastPaths,
  );
}
