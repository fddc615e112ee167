import {
  acceptsNull,
  asArray,
  dereference,
  isPlainObject,
  type JsonSchema,
  resolveLocalRef,
  typesOf,
} from './json-schema';

/** How the answer is asked of the model, and how to turn it back into what the caller's schema describes. */
export interface AnswerPlan {
  /** The schema sent to the model. */
  schema: JsonSchema;
  /** `schema` is in the strict subset of structured outputs (every property required, no extra ones). */
  strict: boolean;
  /** The caller's schema is not an object at the top, so the answer travels as `{"value": ...}`. */
  wrapped: boolean;
}

/** Keywords the strict subset accepts, and that a model reads; the rest is checked after, against the caller's schema. */
const KEPT_KEYWORDS = new Set([
  'description',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);
const STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
/** Keywords that change which shapes are valid in ways the strict subset cannot say. */
const SHAPE_KEYWORDS = [
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'dependentSchemas',
  'prefixItems',
  'unevaluatedProperties',
];

class NotStrictable extends Error {}

/**
 * The schema to send for a caller's schema. When it can be expressed in the strict subset, every property becomes
 * required, optional ones nullable, objects closed (`additionalProperties: false`), references inlined (recursive
 * ones kept in `$defs`), `oneOf` read as `anyOf`; otherwise the caller's schema goes as it is (asked as
 * `json_object`). A top-level value other than an object is wrapped in `{"value": ...}` either way, as JSON modes
 * answer objects. {@link restoreAnswer} undoes both.
 */
export function planAnswer(userSchema: JsonSchema): AnswerPlan {
  const { $schema: _dialect, ...schema } = userSchema;
  const wrapped = !isObjectSchema(dereference(schema, schema));
  try {
    return { schema: new StrictConverter(schema).convertRoot(wrapped), strict: true, wrapped };
  } catch (error) {
    if (!(error instanceof NotStrictable)) throw error;
  }
  if (!wrapped) return { schema, strict: false, wrapped };
  const { $defs, definitions, ...inner } = schema;
  const hoisted: JsonSchema = {};
  if ($defs !== undefined) hoisted.$defs = $defs;
  if (definitions !== undefined) hoisted.definitions = definitions;
  return {
    schema: {
      type: 'object',
      properties: { value: inner },
      required: ['value'],
      additionalProperties: false,
      ...hoisted,
    },
    strict: false,
    wrapped,
  };
}

/**
 * The model's parsed answer as the caller's schema describes it: unwrapped, and with the nulls the strict form made
 * the model write for absent optional properties removed again (a property whose own schema takes null keeps it).
 */
export function restoreAnswer(answer: unknown, plan: AnswerPlan, userSchema: JsonSchema): unknown {
  const value = plan.wrapped && isPlainObject(answer) && 'value' in answer ? answer.value : answer;
  return dropAbsentOptionals(value, userSchema, userSchema, 0);
}

function isObjectSchema(schema: JsonSchema): boolean {
  if (schema.anyOf !== undefined || schema.oneOf !== undefined) return false;
  const types = typesOf(schema);
  return types.length === 0 ? isPlainObject(schema.properties) : types.length === 1 && types[0] === 'object';
}

class StrictConverter {
  private readonly defNames = new Map<string, string>();
  private readonly pending: string[] = [];

  constructor(private readonly root: JsonSchema) {}

  convertRoot(wrap: boolean): JsonSchema {
    const converted = wrap
      ? {
          type: 'object',
          properties: { value: this.convert(this.root, [], false) },
          required: ['value'],
          additionalProperties: false,
        }
      : this.convert(this.root, [], false);
    const defs: JsonSchema = {};
    for (let index = 0; index < this.pending.length; index += 1) {
      const ref = this.pending[index];
      const target = resolveLocalRef(this.root, ref);
      if (!target) throw new NotStrictable();
      defs[this.defNames.get(ref) as string] = this.convert(target, [ref], false);
    }
    return Object.keys(defs).length > 0 ? { ...converted, $defs: defs } : converted;
  }

  private convert(input: unknown, refs: readonly string[], nullable: boolean): JsonSchema {
    if (!isPlainObject(input)) throw new NotStrictable();
    let schema: JsonSchema = input;
    let stack = refs;
    for (
      let hops = 0;
      typeof schema.$ref === 'string' || (Array.isArray(schema.allOf) && schema.allOf.length === 1);
      hops += 1
    ) {
      if (hops > 32) throw new NotStrictable();
      if (typeof schema.$ref === 'string') {
        const ref = schema.$ref;
        if (stack.includes(ref)) return this.recursiveRef(ref, schema, nullable);
        const target = resolveLocalRef(this.root, ref);
        if (!target) throw new NotStrictable();
        const { $ref: _ref, ...siblings } = schema;
        schema = { ...target, ...siblings };
        stack = [...stack, ref];
      } else {
        const { allOf, ...siblings } = schema;
        schema = { ...((allOf as unknown[])[0] as JsonSchema), ...siblings };
      }
    }
    if (SHAPE_KEYWORDS.some((keyword) => keyword in schema) || schema.allOf !== undefined) throw new NotStrictable();

    const alternatives = [...asArray(schema.anyOf), ...asArray(schema.oneOf)];
    if (alternatives.length > 0) {
      const branches = alternatives.map((branch) => this.convert(branch, stack, false));
      const hasNull = branches.some((branch) => typesOf(branch).includes('null'));
      return withDescription({ anyOf: nullable && !hasNull ? [...branches, { type: 'null' }] : branches }, schema);
    }

    const out: JsonSchema = {};
    for (const [keyword, value] of Object.entries(schema)) {
      if (KEPT_KEYWORDS.has(keyword)) out[keyword] = value;
      if (keyword === 'format' && typeof value === 'string' && STRICT_FORMATS.has(value)) out.format = value;
    }
    if ('const' in schema) {
      const constant = { ...out, const: schema.const };
      return nullable && schema.const !== null ? { anyOf: [constant, { type: 'null' }] } : constant;
    }

    let types = typesOf(schema);
    if (types.length === 0 && isPlainObject(schema.properties)) types = ['object'];
    if (types.length === 0 && Array.isArray(schema.enum)) types = enumTypes(schema.enum);
    if (types.length === 0) throw new NotStrictable();
    if (types.includes('object')) Object.assign(out, this.objectKeywords(schema, stack));
    if (types.includes('array')) {
      if (!isPlainObject(schema.items)) throw new NotStrictable();
      out.items = this.convert(schema.items, stack, false);
    }
    if (Array.isArray(schema.enum)) {
      const options = schema.enum as unknown[];
      out.enum = nullable && !options.includes(null) ? [...options, null] : [...options];
    }
    out.type = nullable && !types.includes('null') ? [...types, 'null'] : types.length === 1 ? types[0] : types;
    return out;
  }

  private objectKeywords(schema: JsonSchema, stack: readonly string[]): JsonSchema {
    if (!isPlainObject(schema.properties) || Object.keys(schema.properties).length === 0) throw new NotStrictable();
    if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) throw new NotStrictable();
    const required = new Set(asArray(schema.required).filter((name): name is string => typeof name === 'string'));
    const properties: JsonSchema = {};
    for (const [name, property] of Object.entries(schema.properties)) {
      properties[name] = this.convert(property, stack, !required.has(name));
    }
    return { properties, required: Object.keys(properties), additionalProperties: false };
  }

  private recursiveRef(ref: string, schema: JsonSchema, nullable: boolean): JsonSchema {
    if (Object.keys(schema).some((key) => key !== '$ref' && key !== 'description')) throw new NotStrictable();
    let name = this.defNames.get(ref);
    if (!name) {
      const base = (ref.split('/').pop() ?? '').replace(/[^a-zA-Z0-9_-]/g, '') || 'Root';
      name = [...this.defNames.values()].includes(base) ? `${base}${this.defNames.size}` : base;
      this.defNames.set(ref, name);
      this.pending.push(ref);
    }
    const reference = { $ref: `#/$defs/${name}` };
    return nullable ? { anyOf: [reference, { type: 'null' }] } : reference;
  }
}

function withDescription(target: JsonSchema, source: JsonSchema): JsonSchema {
  return typeof source.description === 'string' ? { ...target, description: source.description } : target;
}

function enumTypes(values: unknown[]): string[] {
  const types = new Set<string>();
  for (const value of values) {
    if (value === null) types.add('null');
    else if (typeof value === 'number') types.add(Number.isInteger(value) ? 'integer' : 'number');
    else if (typeof value === 'string' || typeof value === 'boolean') types.add(typeof value);
    else throw new NotStrictable();
  }
  if (types.has('integer') && types.has('number')) types.delete('integer');
  return [...types];
}

function dropAbsentOptionals(value: unknown, schema: unknown, root: JsonSchema, depth: number): unknown {
  if (!isPlainObject(schema) || depth > 64) return value;
  const resolved = dereference(schema, root);
  if (Array.isArray(value)) {
    return isPlainObject(resolved.items)
      ? value.map((item) => dropAbsentOptionals(item, resolved.items, root, depth + 1))
      : value;
  }
  if (!isPlainObject(value)) return value;
  const objectSchema = closestObjectBranch(value, resolved, root);
  if (!objectSchema || !isPlainObject(objectSchema.properties)) return value;
  const properties = objectSchema.properties;
  const required = new Set(asArray(objectSchema.required));
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    const property = properties[key];
    if (entry === null && !required.has(key) && property !== undefined && !acceptsNull(property, root)) continue;
    result[key] = property === undefined ? entry : dropAbsentOptionals(entry, property, root, depth + 1);
  }
  return result;
}

/** Of a schema and its alternatives, the object schema sharing the most property names with the value. */
function closestObjectBranch(
  value: Record<string, unknown>,
  schema: JsonSchema,
  root: JsonSchema,
): JsonSchema | undefined {
  const candidates = [
    schema,
    ...[...asArray(schema.anyOf), ...asArray(schema.oneOf)]
      .filter(isPlainObject)
      .map((branch) => dereference(branch, root)),
  ];
  let best: JsonSchema | undefined;
  let bestScore = -1;
  for (const candidate of candidates) {
    if (!isPlainObject(candidate.properties)) continue;
    const score = Object.keys(value).filter((key) => key in (candidate.properties as JsonSchema)).length;
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
