import type { ValidationError } from 'class-validator';

/** One broken rule of a validated object, at its dotted path (`scrapeOptions.formats.0`). */
export interface ValidationProblem {
  path: string;
  message: string;
}

/** Flattens class-validator's nested errors into one list: HTTP bodies, NATS payloads and settings all use it. */
export function validationProblems(errors: readonly ValidationError[], parent = ''): ValidationProblem[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ path, message }));
    return [...own, ...validationProblems(error.children ?? [], path)];
  });
}

/** The problems as one line, for logs and error messages. */
export function describeValidationErrors(errors: readonly ValidationError[]): string {
  return validationProblems(errors)
    .map((problem) => problem.message)
    .join('; ');
}
