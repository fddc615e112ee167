import { deepEqual } from './deep-equal';
import { mergeExtractions } from './merge-extractions';

describe('mergeExtractions', () => {
  it('keeps the first non-empty scalar, concatenates lists without repeats and merges objects field by field', () => {
    const merged = mergeExtractions([
      {
        title: 'Lamp',
        price: null,
        tags: ['desk', 'led'],
        specs: { watts: 5, colour: '' },
        reviews: [{ by: 'a', stars: 5 }],
      },
      {
        title: 'Lamp (spare)',
        price: 12.5,
        tags: ['led', 'warm'],
        specs: { colour: 'black', height: 40 },
        reviews: [
          { stars: 5, by: 'a' },
          { by: 'b', stars: 3 },
        ],
      },
      { title: null, price: 13, sku: 'L-1' },
    ]);
    expect(merged).toEqual({
      title: 'Lamp',
      price: 12.5,
      tags: ['desk', 'led', 'warm'],
      specs: { watts: 5, colour: 'black', height: 40 },
      reviews: [
        { by: 'a', stars: 5 },
        { by: 'b', stars: 3 },
      ],
      sku: 'L-1',
    });
  });

  it('merges top-level lists and leaves a single value as it is', () => {
    expect(mergeExtractions([[{ a: 1 }], [{ a: 1 }, { a: 2 }]])).toEqual([{ a: 1 }, { a: 2 }]);
    expect(mergeExtractions([{ a: 1 }])).toEqual({ a: 1 });
    expect(mergeExtractions([null, { a: 1 }])).toEqual({ a: 1 });
  });
});

describe('deepEqual', () => {
  it('ignores key order and compares lists in order', () => {
    expect(deepEqual({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual({ a: undefined }, { b: undefined })).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
  });
});
