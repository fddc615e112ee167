import { isPlainObject, type JsonSchema } from './json-schema';
import { partialSchema } from './partial-schema';
import { planAnswer, restoreAnswer } from './strict-schema';
import { compileUserSchema } from './user-schema';
import { PYDANTIC_PRODUCT, ZOD_PRODUCT } from './__fixtures__/schemas';

/** The rules of OpenAI's strict structured outputs, checked on every object of a schema. */
function expectStrict(schema: unknown, path = '#'): void {
  if (Array.isArray(schema)) {
    schema.forEach((entry, index) => expectStrict(entry, `${path}/${index}`));
    return;
  }
  if (!isPlainObject(schema)) return;
  if (typeof schema.$ref === 'string') expect(schema.$ref).toMatch(/^#\/\$defs\//);
  expect(schema).not.toHaveProperty('definitions');
  expect(schema).not.toHaveProperty('oneOf');
  expect(schema).not.toHaveProperty('allOf');
  expect(schema).not.toHaveProperty('default');
  if (isPlainObject(schema.properties)) {
    expect({ path, additionalProperties: schema.additionalProperties }).toEqual({ path, additionalProperties: false });
    expect({ path, required: schema.required }).toEqual({ path, required: Object.keys(schema.properties) });
  }
  for (const [key, value] of Object.entries(schema)) expectStrict(value, `${path}/${key}`);
}

describe('planAnswer and restoreAnswer', () => {
  it('makes a zod schema strict: refs inlined, optional fields nullable and required, and takes the nulls back out', () => {
    const plan = planAnswer(ZOD_PRODUCT);
    expect(plan).toMatchObject({ strict: true, wrapped: false });
    expectStrict(plan.schema);
    const properties = plan.schema.properties as Record<string, JsonSchema>;
    expect(properties.price).toEqual({ type: ['number', 'null'] });
    expect(properties.backupSeller).toMatchObject({ type: ['object', 'null'], required: ['name', 'rating'] });
    expect(plan.schema).not.toHaveProperty('$defs');

    const user = compileUserSchema(ZOD_PRODUCT);
    const modelAnswer = {
      title: 'Lamp',
      price: null,
      tags: ['desk'],
      seller: { name: 'Ann', rating: null },
      backupSeller: null,
    };
    const restored = restoreAnswer(modelAnswer, plan, ZOD_PRODUCT);
    expect(restored).toEqual({ title: 'Lamp', tags: ['desk'], seller: { name: 'Ann', rating: null } });
    expect(user.problems(restored)).toEqual([]);
    expect(user.problems(modelAnswer)).not.toEqual([]);
  });

  it('makes a Pydantic schema strict (anyOf with null, a lone allOf, $defs, formats) and round-trips an answer', () => {
    const plan = planAnswer(PYDANTIC_PRODUCT);
    expect(plan.strict).toBe(true);
    expectStrict(plan.schema);
    const properties = plan.schema.properties as Record<string, JsonSchema>;
    expect(properties.offer).toEqual({
      anyOf: [
        {
          type: 'object',
          properties: { price: { type: 'number' }, currency: { type: ['string', 'null'] } },
          required: ['price', 'currency'],
          additionalProperties: false,
        },
        { type: 'null' },
      ],
    });
    expect(properties.mainOffer).toMatchObject({ type: ['object', 'null'], description: 'The offer shown first' });
    expect(properties.released).toEqual({ anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] });

    const user = compileUserSchema(PYDANTIC_PRODUCT);
    const answer = {
      name: 'Lamp',
      offer: { price: 12, currency: null },
      mainOffer: null,
      tags: [],
      rating: null,
      released: null,
    };
    const restored = restoreAnswer(answer, plan, PYDANTIC_PRODUCT);
    // offer/rating/released take null in the caller's schema and keep it; the Offer's currency does not.
    expect(restored).toEqual({ name: 'Lamp', offer: { price: 12 }, tags: [], rating: null, released: null });
    expect(user.problems(restored)).toEqual([]);
  });

  it('wraps a top-level array in an object and unwraps the answer', () => {
    const schema = {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, price: { type: 'number' } },
        required: ['name'],
      },
    };
    const plan = planAnswer(schema);
    expect(plan).toMatchObject({ strict: true, wrapped: true });
    expectStrict(plan.schema);
    expect(plan.schema.required).toEqual(['value']);
    const restored = restoreAnswer(
      {
        value: [
          { name: 'A', price: null },
          { name: 'B', price: 3 },
        ],
      },
      plan,
      schema,
    );
    expect(restored).toEqual([{ name: 'A' }, { name: 'B', price: 3 }]);
    expect(compileUserSchema(schema).problems(restored)).toEqual([]);
  });

  it('keeps a recursive definition in $defs', () => {
    const schema = {
      type: 'object',
      properties: { root: { $ref: '#/$defs/Node' } },
      required: ['root'],
      $defs: {
        Node: {
          type: 'object',
          properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
          required: ['label'],
        },
      },
    };
    const plan = planAnswer(schema);
    expect(plan.strict).toBe(true);
    expectStrict(plan.schema);
    expect(plan.schema.$defs).toEqual({
      Node: {
        type: 'object',
        properties: {
          label: { type: 'string' },
          children: { type: ['array', 'null'], items: { $ref: '#/$defs/Node' } },
        },
        required: ['label', 'children'],
        additionalProperties: false,
      },
    });
    const restored = restoreAnswer({ root: { label: 'a', children: [{ label: 'b', children: null }] } }, plan, schema);
    expect(restored).toEqual({ root: { label: 'a', children: [{ label: 'b' }] } });
  });

  it('sends a schema outside the strict subset as it is (a map, a free-form object), wrapped when it is not an object', () => {
    const record = {
      type: 'object',
      properties: { prices: { type: 'object', additionalProperties: { type: 'number' } } },
    };
    expect(planAnswer(record)).toEqual({ schema: record, strict: false, wrapped: false });
    const freeForm = { type: 'array', items: { type: 'object' }, $defs: { Unused: { type: 'string' } } };
    expect(planAnswer(freeForm)).toEqual({
      schema: {
        type: 'object',
        properties: { value: { type: 'array', items: { type: 'object' } } },
        required: ['value'],
        additionalProperties: false,
        $defs: { Unused: { type: 'string' } },
      },
      strict: false,
      wrapped: true,
    });
  });

  it('makes enums and consts nullable when optional, reads oneOf as anyOf, and drops keywords the strict subset lacks', () => {
    const schema = {
      type: 'object',
      properties: {
        status: { enum: ['InStock', 'OutOfStock'] },
        kind: { const: 'product' },
        id: { oneOf: [{ type: 'string', minLength: 3 }, { type: 'integer' }] },
      },
      required: ['id'],
    };
    const plan = planAnswer(schema);
    expectStrict(plan.schema);
    expect(plan.schema.properties).toEqual({
      status: { enum: ['InStock', 'OutOfStock', null], type: ['string', 'null'] },
      kind: { anyOf: [{ const: 'product' }, { type: 'null' }] },
      id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    });
  });

  it('checks one part of a long page against the schema with nothing required', () => {
    const partial = partialSchema(PYDANTIC_PRODUCT);
    expect(JSON.stringify(partial)).not.toContain('"required"');
    const plan = planAnswer(partial);
    expectStrict(plan.schema);
    const restored = restoreAnswer(
      { name: null, offer: null, mainOffer: null, tags: null, rating: 4, released: null },
      plan,
      partial,
    );
    expect(restored).toEqual({ offer: null, rating: 4, released: null });
    expect(compileUserSchema(partial).problems(restored)).toEqual([]);
    expect(compileUserSchema(PYDANTIC_PRODUCT).problems(restored)).not.toEqual([]);
  });
});
