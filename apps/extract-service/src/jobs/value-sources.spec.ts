import { valueSources } from './value-sources';

const A = 'https://a.test/';
const B = 'https://b.test/';
const C = 'https://c.test/';

describe('valueSources', () => {
  it('traces a scalar to the first part that gave it, and a list to every part that added to it', () => {
    const parts = [
      { value: { name: null, tags: ['x'] }, urls: [A] },
      { value: { name: 'Kettle', tags: ['y'] }, urls: [B] },
      { value: { name: 'Other', tags: [] }, urls: [C] },
    ];
    expect(valueSources({ name: 'Kettle', tags: ['x', 'y'] }, parts)).toEqual({
      name: [B],
      tags: [A, B],
      'tags[0]': [A],
      'tags[1]': [B],
    });
  });

  it('traces each item of a joined list to the first page holding an equal item', () => {
    const kettle = { title: 'Kettle' };
    const weir = { title: 'Weir' };
    const parts = [
      { value: [kettle], urls: [A] },
      { value: [weir, kettle], urls: [B] },
    ];
    expect(valueSources([kettle, weir], parts)).toEqual({ '[0]': [A], '[1]': [B] });
  });

  it('names every URL of a part read from several pages together, and nothing for values left empty', () => {
    expect(
      valueSources({ name: 'Kettle', price: null }, [{ value: { name: 'Kettle', price: null }, urls: [A, B] }]),
    ).toEqual({
      name: [A, B],
    });
  });
});
