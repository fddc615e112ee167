import { sameValue, scoreFields } from './score';

describe('scoring an extraction against the expected answer', () => {
  it('counts each leaf field, nested objects field by field and lists whole', () => {
    const scores = scoreFields(
      { name: 'Lumen Labs', address: { city: 'Bergen', country: 'NO' }, tags: ['a', 'b'] },
      { name: 'Lumen  Labs', address: { city: 'Bergen', country: null }, tags: ['a'] },
    );
    expect(scores.map((score) => [score.path, score.right])).toEqual([
      ['name', true],
      ['address.city', true],
      ['address.country', false],
      ['tags', false],
    ]);
  });

  it('takes one instant in two time zones as the same, and absent as null', () => {
    expect(sameValue('2026-04-17T18:30:00.000Z', '2026-04-17T19:30:00+01:00')).toBe(true);
    expect(sameValue('2026-04-17T18:30:00.000Z', '2026-04-17T19:30:00Z')).toBe(false);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue(0, null)).toBe(false);
    expect(sameValue(249, '249')).toBe(false);
  });
});
