import { fieldChanges } from './field-changes';

describe('fieldChanges', () => {
  it('lists the fields that differ with both values, a missing field as null', () => {
    expect(
      fieldChanges(
        { name: 'Kettle', price: 89.5, tags: ['steel'], stock: 3 },
        { name: 'Kettle', price: 79, tags: ['steel', 'sale'], colour: 'red', stock: 3 },
      ),
    ).toEqual({
      price: { previous: 89.5, current: 79 },
      tags: { previous: ['steel'], current: ['steel', 'sale'] },
      colour: { previous: null, current: 'red' },
    });
  });

  it('ignores key order inside nested objects', () => {
    expect(fieldChanges({ offer: { price: 1, currency: 'EUR' } }, { offer: { currency: 'EUR', price: 1 } })).toEqual(
      {},
    );
  });

  it('compares answers that are not objects whole', () => {
    expect(fieldChanges(['a'], ['b'])).toEqual({ value: { previous: ['a'], current: ['b'] } });
    expect(fieldChanges('same', 'same')).toEqual({});
  });
});
