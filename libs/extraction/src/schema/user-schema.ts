import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { InvalidSchemaError } from './invalid-schema.error';
import { isPlainObject, type JsonSchema } from './json-schema';

export type SchemaDialect = 'draft-07' | '2019-09' | '2020-12';

/** A caller's schema, checked and compiled. */
export interface UserSchema {
  readonly schema: JsonSchema;
  readonly dialect: SchemaDialect;
  /** The reasons `value` does not validate (`/price: must be number`); empty when it does. */
  problems(value: unknown): string[];
  /** Where `value` breaks the schema, as paths of keys and indexes (`["offers", "price"]`). */
  invalidPaths(value: unknown): string[][];
}

/** Schemas above this size are refused: they are sent with every call and cost tokens each time. */
export const MAX_SCHEMA_CHARS = 64_000;

const AJV_OPTIONS: Options = { allErrors: true, strict: false, allowUnionTypes: true, validateFormats: true };

/** Compiled schemas kept for reuse: compiling costs about 15 ms, and callers repeat the same schema page after page. */
const COMPILED_KEPT = 256;
const compiled = new Map<string, UserSchema>();

/**
 * Checks and compiles a caller's schema: draft-07 (as zod-to-json-schema writes it) or 2020-12 (Pydantic's, also the
 * default when `$schema` is absent, unless array-form `items` says draft-07); `$defs`/`definitions` with `$ref`.
 * Throws {@link InvalidSchemaError} with the validator's messages.
 */
export function compileUserSchema(input: unknown): UserSchema {
  if (!isPlainObject(input)) throw new InvalidSchemaError(['the schema must be a JSON object']);
  const text = JSON.stringify(input);
  const known = compiled.get(text);
  if (known) {
    // Refreshed as the most recent, so the least recently used schema is the one forgotten.
    compiled.delete(text);
    compiled.set(text, known);
    return known;
  }
  const fresh = compileFresh(input, text.length);
  compiled.set(text, fresh);
  if (compiled.size > COMPILED_KEPT) compiled.delete(compiled.keys().next().value as string);
  return fresh;
}

function compileFresh(input: JsonSchema, size: number): UserSchema {
  if (size > MAX_SCHEMA_CHARS)
    throw new InvalidSchemaError([`the schema is ${size} characters long, more than ${MAX_SCHEMA_CHARS}`]);
  const dialect = dialectOf(input);
  // The dialect picks the validator class; `$schema` itself would make Ajv look for a meta-schema it may not hold (draft-04).
  const { $schema: _declared, ...schema } = input;
  const ajv =
    dialect === '2020-12'
      ? new Ajv2020(AJV_OPTIONS)
      : dialect === '2019-09'
        ? new Ajv2019(AJV_OPTIONS)
        : new Ajv(AJV_OPTIONS);
  addFormats(ajv);
  if (!ajv.validateSchema(schema)) throw new InvalidSchemaError(describe(ajv.errors ?? [], 'schema'));
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(schema);
  } catch (error) {
    throw new InvalidSchemaError([error instanceof Error ? error.message : String(error)]);
  }
  return {
    schema: input,
    dialect,
    problems: (value) => (validate(value) ? [] : describe(validate.errors ?? [], '')),
    invalidPaths: (value) =>
      validate(value)
        ? []
        : (validate.errors ?? []).map((error) =>
            error.instancePath
              .split('/')
              .slice(1)
              .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~')),
          ),
  };
}

function dialectOf(schema: JsonSchema): SchemaDialect {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('2020-12')) return '2020-12';
  if (declared.includes('2019-09')) return '2019-09';
  if (/draft-0\d/.test(declared)) return 'draft-07';
  return usesTupleItems(schema) ? 'draft-07' : '2020-12';
}

function usesTupleItems(node: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (Array.isArray(node)) return node.some((entry) => usesTupleItems(entry, depth + 1));
  if (!isPlainObject(node)) return false;
  if (Array.isArray(node.items) || 'additionalItems' in node) return true;
  return Object.values(node).some((value) => usesTupleItems(value, depth + 1));
}

// Keywords that fail when none of their branches holds; Ajv reports each branch's fault at the same path, then these.
const BRANCHING_KEYWORDS = new Set(['anyOf', 'oneOf']);

/**
 * Ajv's errors as `path: message` lines, with the detail Ajv keeps in `params` where the message lacks it. Where a
 * value fails every branch of an `anyOf` or `oneOf`, the branches' faults at its path read as one line of alternatives
 * ("must be equal to one of the allowed values: [...], or must be array") instead of a line each and one more saying
 * "must match a schema in anyOf".
 */
export function describe(errors: readonly ErrorObject[], prefix: string): string[] {
  const messagesByPath = new Map<string, { messages: string[]; branching?: string }>();
  for (const error of errors) {
    const atPath = messagesByPath.get(error.instancePath) ?? { messages: [] };
    const message = messageOf(error);
    if (BRANCHING_KEYWORDS.has(error.keyword)) atPath.branching = message;
    else if (!atPath.messages.includes(message)) atPath.messages.push(message);
    messagesByPath.set(error.instancePath, atPath);
  }
  return [...messagesByPath].flatMap(([instancePath, { messages, branching }]) => {
    const path = `${prefix}${instancePath}` || '/';
    // Every branch's fault lies deeper: the line at this path says only that none held.
    if (branching !== undefined && messages.length === 0) return [`${path}: ${branching}`];
    return branching !== undefined ? [`${path}: ${messages.join(', or ')}`] : messages.map((m) => `${path}: ${m}`);
  });
}

function messageOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  let message = error.message ?? error.keyword;
  if (error.keyword === 'additionalProperties') message += `: ${String(params.additionalProperty)}`;
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues))
    message += `: ${JSON.stringify(params.allowedValues)}`;
  return message;
}
