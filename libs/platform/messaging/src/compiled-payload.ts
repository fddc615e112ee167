import { getMetadataStorage, type ValidationArguments } from 'class-validator';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';

type PayloadClass = new () => object;

/** A property's class-validator rules, as the executor would run them, reduced to calls. */
interface PropertyRules {
  name: string;
  /** IsOptional and ValidateIf: all must hold for the other rules to run. */
  conditions: ((object: object, value: unknown) => boolean)[];
  checks: { validate: (value: unknown, args: ValidationArguments) => unknown; each: boolean; constraints: unknown[] }[];
  nested: boolean;
}

interface CompiledClass {
  rules: PropertyRules[];
  /** Properties whose value class-transformer turns into an instance of another class (`@Type`). */
  nestedTypes: Map<string, PayloadClass>;
}

/** The internals of class-transformer's storage this reads: maps of class to property to decorator metadata. */
interface TransformerStorageMaps {
  _transformMetadatas: Map<unknown, Map<string, unknown>>;
  _exposeMetadatas: Map<unknown, Map<unknown, unknown>>;
  _excludeMetadatas: Map<unknown, Map<unknown, unknown>>;
  _typeMetadatas: Map<unknown, Map<string, { typeFunction?: () => unknown; options?: { discriminator?: unknown } }>>;
}

/** Each class's rules, read on its first message: contract classes are loaded, decorators and all, long before. */
const compiled = new Map<PayloadClass, CompiledClass | null>();

/**
 * The instance `plainToInstance(payloadClass, plain)` would make and class-validator's `validate` would pass, built
 * with the rules read once from both libraries' metadata instead of their generic executors (which allocate an error
 * record per property and filter each property's rules three times on every message: a tenth of the scrape-worker's
 * CPU per cached hit, decoding the job command). Returns undefined whenever it is not sure: a class using a decorator
 * it does not reproduce (Transform, Expose, Exclude, discriminators, async or promise rules), a key that
 * class-transformer would drop, a value of another shape than the rules expect, or any rule failing. The caller then
 * runs both libraries, which stay the authority and word every error.
 */
export function compiledDecode<T extends object>(payloadClass: new () => T, plain: unknown): T | undefined {
  return build(payloadClass, plain) as T | undefined;
}

function build(payloadClass: PayloadClass, plain: unknown): object | undefined {
  if (typeof plain !== 'object' || plain === null || Object.getPrototypeOf(plain) !== Object.prototype)
    return undefined;
  const rules = compile(payloadClass);
  if (!rules) return undefined;
  const instance = new payloadClass() as Record<string, unknown>;
  for (const key of Object.keys(plain)) {
    // class-transformer skips `__proto__`, `constructor` and names of the class's methods: those bodies go the long way.
    if (key === '__proto__' || key in payloadClass.prototype) return undefined;
    const value = (plain as Record<string, unknown>)[key];
    const nestedType = rules.nestedTypes.get(key);
    if (nestedType && value !== null && value !== undefined) {
      const built = Array.isArray(value) ? buildEach(nestedType, value) : build(nestedType, value);
      if (!built) return undefined;
      instance[key] = built;
    } else {
      if (!isPlainData(value)) return undefined;
      instance[key] = value;
    }
  }
  return passes(instance, rules.rules) ? instance : undefined;
}

function buildEach(payloadClass: PayloadClass, values: unknown[]): object[] | undefined {
  const built: object[] = [];
  for (const value of values) {
    const one = build(payloadClass, value);
    if (!one) return undefined;
    built.push(one);
  }
  return built;
}

/** JSON whose objects have no key class-transformer's copy of them would drop (`__proto__`, Object's methods). */
function isPlainData(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) return value.every(isPlainData);
  for (const key of Object.keys(value)) {
    if (key in Object.prototype || !isPlainData((value as Record<string, unknown>)[key])) return false;
  }
  return true;
}

function passes(instance: Record<string, unknown>, rules: PropertyRules[]): boolean {
  for (const rule of rules) {
    const value = instance[rule.name];
    if (!rule.conditions.every((condition) => condition(instance, value))) continue;
    for (const check of rule.checks) {
      const args: ValidationArguments = {
        targetName: instance.constructor.name,
        property: rule.name,
        object: instance,
        value,
        constraints: check.constraints,
      };
      // JSON makes no Set or Map, the other collections class-validator applies `each` to.
      const results =
        check.each && Array.isArray(value)
          ? value.map((item: unknown) => check.validate(item, args))
          : [check.validate(value, args)];
      if (!results.every((result) => result === true)) return false;
    }
    if (rule.nested && value !== undefined) {
      const nested: unknown[] = Array.isArray(value) ? value : [value];
      for (const item of nested) {
        if (typeof item !== 'object' || item === null) return false;
        const itemRules = compile(item.constructor as PayloadClass);
        if (!itemRules || !passes(item as Record<string, unknown>, itemRules.rules)) return false;
      }
    }
  }
  return true;
}

function compile(payloadClass: PayloadClass): CompiledClass | undefined {
  let found = compiled.get(payloadClass);
  if (found === undefined) compiled.set(payloadClass, (found = compileClass(payloadClass)));
  return found ?? undefined;
}

function compileClass(payloadClass: PayloadClass): CompiledClass | null {
  const transformer = defaultMetadataStorage as unknown as Partial<TransformerStorageMaps>;
  // These are class-transformer's private fields: a version that keeps its metadata elsewhere sends every payload
  // the long way rather than building instances without its rules.
  if (!isTransformerStorage(transformer)) return null;
  const nestedTypes = new Map<string, PayloadClass>();
  for (
    let target: unknown = payloadClass;
    target && target !== Object.prototype;
    target = Object.getPrototypeOf(target)
  ) {
    if (
      transformer._transformMetadatas.get(target)?.size ||
      transformer._exposeMetadatas.get(target)?.size ||
      transformer._excludeMetadatas.get(target)?.size
    ) {
      return null;
    }
    for (const [property, type] of transformer._typeMetadatas.get(target) ?? []) {
      const nestedType = type.typeFunction?.();
      if (type.options?.discriminator || typeof nestedType !== 'function' || nestedType === Date) return null;
      if (!nestedTypes.has(property)) nestedTypes.set(property, nestedType as PayloadClass);
    }
  }
  const storage = getMetadataStorage();
  const metadatas = storage.getTargetValidationMetadatas(payloadClass, '', false, false, undefined);
  if (metadatas.length === 0) return null;
  const rules: PropertyRules[] = [];
  for (const [name, propertyMetadatas] of Object.entries(storage.groupByPropertyName(metadatas))) {
    const rule: PropertyRules = { name, conditions: [], checks: [], nested: false };
    for (const metadata of propertyMetadatas) {
      if (metadata.type === 'conditionalValidation') {
        rule.conditions.push(metadata.constraints[0] as PropertyRules['conditions'][number]);
      } else if (metadata.type === 'customValidation' || metadata.type === 'isDefined') {
        for (const constraint of storage.getTargetValidatorConstraints(metadata.constraintCls)) {
          if (constraint.async) return null;
          const validator = constraint.instance as { validate: PropertyRules['checks'][number]['validate'] };
          rule.checks.push({
            validate: (value, args) => validator.validate(value, args),
            each: metadata.each,
            constraints: metadata.constraints,
          });
        }
      } else if (metadata.type === 'nestedValidation') {
        rule.nested = true;
      } else if (metadata.type !== 'whitelistValidation') {
        return null;
      }
    }
    rules.push(rule);
  }
  return { rules, nestedTypes };
}

function isTransformerStorage(storage: Partial<TransformerStorageMaps>): storage is TransformerStorageMaps {
  return [
    storage._transformMetadatas,
    storage._exposeMetadatas,
    storage._excludeMetadatas,
    storage._typeMetadatas,
  ].every((field) => field instanceof Map);
}
