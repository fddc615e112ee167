import { answerShape } from './answer-shape';

const product = { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } } };

describe('answerShape', () => {
  it('reads a top-level array as a list of entities', () => {
    expect(answerShape({ type: 'array', items: product })).toEqual({ kind: 'list' });
  });

  it('reads an object whose one list of objects is its point as a list under that key, $ref included', () => {
    expect(
      answerShape({
        type: 'object',
        properties: { shop: { type: 'string' }, products: { type: 'array', items: product } },
      }),
    ).toEqual({ kind: 'list', key: 'products' });
    expect(
      answerShape({
        $defs: { Product: product },
        type: 'object',
        properties: { products: { type: 'array', items: { $ref: '#/$defs/Product' } } },
      }),
    ).toEqual({ kind: 'list', key: 'products' });
  });

  it('reads one thing with lists of its own (tags, or a recipe with ingredients and steps) as a single answer', () => {
    expect(
      answerShape({
        type: 'object',
        properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
      }),
    ).toEqual({ kind: 'single' });
    const step = { type: 'object', properties: { text: { type: 'string' } } };
    expect(
      answerShape({
        type: 'object',
        properties: { ingredients: { type: 'array', items: step }, steps: { type: 'array', items: step } },
      }),
    ).toEqual({ kind: 'single' });
    expect(answerShape(product)).toEqual({ kind: 'single' });
    expect(answerShape(undefined)).toEqual({ kind: 'single' });
  });
});
