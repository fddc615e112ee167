import type { ValidationError } from 'class-validator';

/** One broken rule of a validated object, at its dotted path (`scrapeOptions.formats.0`). */
export interface ValidationProblem {
  path: string;
  message: string;
}

// class-validator's names of the checks of a value's type. A value of the wrong type fails its range and length checks
// too ("maxAge": "1000" is not an integer, nor at least 0, nor at most the limit): only its type is worth saying.
const TYPE_CHECKS = new Set(['isString', 'isInt', 'isNumber', 'isBoolean', 'isArray', 'isObject']);

/** The messages of the checks a value failed: its type's alone when it is of the wrong type. */
function failedChecks(constraints: Record<string, string>): string[] {
  const typeChecks = Object.keys(constraints).filter((name) => TYPE_CHECKS.has(name));
  return (typeChecks.length > 0 ? typeChecks : Object.keys(constraints)).map((name) => constraints[name]);
}

/** Flattens class-validator's nested errors into one list: HTTP bodies, NATS payloads and settings all use it. */
export function validationProblems(errors: readonly ValidationError[], parent = ''): ValidationProblem[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = failedChecks(error.constraints ?? {}).map((message) => ({ path, message }));
    return [...own, ...validationProblems(error.children ?? [], path)];
  });
}

/** The problems as one line, for logs and error messages. */
export function describeValidationErrors(errors: readonly ValidationError[]): string {
  return validationProblems(errors)
    .map((problem) => problem.message)
    .join('; ');
}
