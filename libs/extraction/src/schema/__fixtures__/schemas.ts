// Schemas as the tools people use write them, shared by the specs.

/** What zod-to-json-schema writes for `zodToJsonSchema(schema, 'Product')`. */
export const ZOD_PRODUCT = {
  $ref: '#/definitions/Product',
  definitions: {
    Product: {
      type: 'object',
      properties: {
        title: { type: 'string' },
        price: { type: 'number' },
        tags: { type: 'array', items: { type: 'string' } },
        seller: {
          type: 'object',
          properties: { name: { type: 'string' }, rating: { type: ['number', 'null'] } },
          required: ['name', 'rating'],
          additionalProperties: false,
        },
        backupSeller: { $ref: '#/definitions/Product/properties/seller' },
      },
      required: ['title', 'tags'],
      additionalProperties: false,
    },
  },
  $schema: 'http://json-schema.org/draft-07/schema#',
};

/** What Pydantic 2 writes for `Product.model_json_schema()` (optional fields default to None). */
export const PYDANTIC_PRODUCT = {
  $defs: {
    Offer: {
      properties: {
        price: { title: 'Price', type: 'number' },
        currency: { default: 'USD', title: 'Currency', type: 'string' },
      },
      required: ['price'],
      title: 'Offer',
      type: 'object',
    },
  },
  properties: {
    name: { title: 'Name', type: 'string' },
    offer: { anyOf: [{ $ref: '#/$defs/Offer' }, { type: 'null' }], default: null },
    mainOffer: { allOf: [{ $ref: '#/$defs/Offer' }], description: 'The offer shown first' },
    tags: { items: { type: 'string' }, title: 'Tags', type: 'array' },
    rating: { anyOf: [{ type: 'number' }, { type: 'null' }], default: null, title: 'Rating' },
    released: { anyOf: [{ format: 'date', type: 'string' }, { type: 'null' }], default: null },
  },
  required: ['name', 'tags'],
  title: 'Product',
  type: 'object',
};
