import type { FieldProblem } from '../scrape/action-rules';

/**
 * Deepest nesting a request may have. The deepest legitimate input (a JSON schema for extraction) stays far below;
 * past it, class-transformer's recursion overflows the stack on a few thousand levels.
 */
export const MAX_INPUT_DEPTH = 64;

/** Problems reported at most; a 10 MB body could otherwise list a million. */
const MAX_PROBLEMS = 20;

/**
 * A key JSON can carry that assigns an object's prototype wherever code copies keys one by one
 * (`target[key] = value`). It is never a field of the API, and in free-form maps (headers, metadata) it is poison.
 */
const PROTOTYPE_KEY = '__proto__';

/**
 * NUL, which Postgres text and JSON columns refuse, and UTF-16 surrogates without their pair, which have no UTF-8
 * form (Postgres refuses their JSON escapes): text holding them cannot be stored, so it is refused at the door.
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function joinPath(parent: string, key: string | number): string {
  return parent ? `${parent}.${key}` : String(key);
}

/**
 * What makes a decoded request value (body, query, a path parameter) unsafe to hand on, whatever route it is for:
 * nesting deeper than {@link MAX_INPUT_DEPTH}, a `__proto__` key, text that cannot be stored. Fields are named by
 * their path, as validation problems are.
 */
export function unsafeInputProblems(value: unknown, path = ''): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const visit = (node: unknown, at: string, depth: number): void => {
    if (problems.length >= MAX_PROBLEMS) return;
    if (typeof node === 'string') {
      if (UNSTORABLE_TEXT.test(node)) {
        problems.push({ path: at, message: `${at || 'value'} holds a NUL character or an unpaired surrogate` });
      }
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    if (depth > MAX_INPUT_DEPTH) {
      const field = at.split('.')[0] || 'body';
      problems.push({ path: at, message: `${field} is nested deeper than ${MAX_INPUT_DEPTH} levels` });
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, joinPath(at, index), depth + 1));
      return;
    }
    for (const [key, item] of Object.entries(node)) {
      const field = joinPath(at, key);
      if (key === PROTOTYPE_KEY) problems.push({ path: field, message: `property ${key} should not exist` });
      else if (UNSTORABLE_TEXT.test(key)) {
        problems.push({ path: at, message: `${at || 'body'} has a key with a NUL character or an unpaired surrogate` });
      } else visit(item, field, depth + 1);
    }
  };
  visit(value, path, 0);
  return problems;
}

/**
 * Keys of `plain` that class-transformer left out of the instance `built` it made from it. It copies no key that
 * names a member of the class's prototype chain (`constructor`, `toString`, `hasOwnProperty`), so such a key never
 * reaches the whitelist check and would pass as if it had not been sent. Free-form maps (plain objects) keep every
 * key and are not checked.
 */
export function keysLostInTransformation(plain: unknown, built: unknown, path = ''): FieldProblem[] {
  if (typeof plain !== 'object' || plain === null || typeof built !== 'object' || built === null) return [];
  if (Array.isArray(plain)) {
    if (!Array.isArray(built)) return [];
    return plain.flatMap((item, index) => keysLostInTransformation(item, built[index], joinPath(path, index)));
  }
  const isInstance = !Array.isArray(built) && Object.getPrototypeOf(built) !== Object.prototype;
  return Object.entries(plain).flatMap(([key, item]) => {
    const field = joinPath(path, key);
    if (isInstance && !Object.hasOwn(built, key)) {
      return [{ path: field, message: `property ${key} should not exist` }];
    }
    return keysLostInTransformation(item, (built as Record<string, unknown>)[key], field);
  });
}
