import { InvalidSchemaError } from './invalid-schema.error';
import { compileUserSchema } from './user-schema';
import { PYDANTIC_PRODUCT, ZOD_PRODUCT } from './__fixtures__/schemas';

describe('compileUserSchema', () => {
  it('compiles a zod-to-json-schema draft-07 schema with definitions and a root $ref', () => {
    const schema = compileUserSchema(ZOD_PRODUCT);
    expect(schema.dialect).toBe('draft-07');
    expect(schema.problems({ title: 'Lamp', tags: [], backupSeller: { name: 'A', rating: null } })).toEqual([]);
    expect(schema.problems({ title: 'Lamp', tags: [], extra: 1 })).toEqual([
      '/: must NOT have additional properties: extra',
    ]);
  });

  it('compiles a Pydantic schema ($defs, anyOf with null, formats) as 2020-12', () => {
    const schema = compileUserSchema(PYDANTIC_PRODUCT);
    expect(schema.dialect).toBe('2020-12');
    expect(schema.problems({ name: 'Lamp', tags: ['a'], offer: null, rating: 4.5, released: '2024-03-05' })).toEqual(
      [],
    );
    expect(schema.problems({ name: 'Lamp', tags: ['a'], offer: { currency: 'EUR' }, released: 'March' })).toEqual([
      "/offer: must have required property 'price', or must be null",
      '/released: must match format "date", or must be null',
    ]);
    expect(schema.invalidPaths({ name: 1, tags: [] })).toEqual([['name']]);
  });

  it('compiles a schema once and hands the compiled one back for an equal schema', () => {
    const schema = { type: 'object', properties: { reused: { type: 'number', minimum: 0 } } };
    const first = compileUserSchema(schema);
    expect(compileUserSchema(JSON.parse(JSON.stringify(schema)))).toBe(first);
    expect(compileUserSchema({ ...schema, required: ['reused'] })).not.toBe(first);
    expect(first.problems({ reused: -1 })).toEqual(['/reused: must be >= 0']);
  });

  it('takes top-level arrays', () => {
    const schema = compileUserSchema({
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' } } },
    });
    expect(schema.problems([{ name: 'a' }])).toEqual([]);
    expect(schema.problems({})).toEqual(['/: must be array']);
  });

  it("refuses a broken schema with Ajv's messages", () => {
    const attempt = (): unknown =>
      compileUserSchema({
        type: 'object',
        properties: { price: { type: 'money' }, tags: { type: 'array', items: 3 } },
      });
    expect(attempt).toThrow(InvalidSchemaError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as InvalidSchemaError).problems;
      expect(problems[0]).toBe(
        'schema/properties/price/type: must be equal to one of the allowed values: ["array","boolean","integer","null","number","object","string"], or must be array',
      );
      expect(problems.some((problem) => problem.startsWith('schema/properties/tags/items'))).toBe(true);
    }
  });

  it("says that none of an anyOf's branches held where each one's fault lies deeper", () => {
    const schema = compileUserSchema({
      anyOf: [
        { type: 'object', properties: { price: { type: 'number' } } },
        { type: 'object', properties: { price: { type: 'string', minLength: 1 } } },
      ],
    });
    expect(schema.problems({ price: true })).toEqual([
      '/price: must be number',
      '/price: must be string',
      '/: must match a schema in anyOf',
    ]);
  });

  it('refuses a reference to a definition that is not there, and anything but an object', () => {
    expect(() => compileUserSchema({ type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } })).toThrow(
      /can't resolve reference/,
    );
    expect(() => compileUserSchema('a schema')).toThrow(InvalidSchemaError);
    expect(() => compileUserSchema([])).toThrow(InvalidSchemaError);
  });
});
