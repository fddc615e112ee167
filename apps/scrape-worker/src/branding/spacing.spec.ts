import { baseUnit, medianRadius } from './spacing';

const counted = (values: Record<number, number>) =>
  Object.entries(values).map(([value, count]) => ({ value: Number(value), count }));

describe('spacing', () => {
  it('finds the step of a spacing scale: the largest unit most lengths are multiples of', () => {
    expect(baseUnit(counted({ 8: 20, 16: 30, 24: 10, 32: 8, 12: 2 }))).toBe(8);
    expect(baseUnit(counted({ 4: 10, 8: 10, 12: 20, 20: 6, 16: 4 }))).toBe(4);
    expect(baseUnit(counted({ 10: 10, 20: 12, 30: 4 }))).toBe(10);
    expect(baseUnit(counted({ 7: 5, 13: 5, 17: 5 }))).toBe(1);
    expect(baseUnit([])).toBeUndefined();
  });

  it('takes the median corner radius, weighted by how many boxes use it', () => {
    expect(medianRadius(counted({ 4: 2, 8: 10, 24: 3 }))).toBe(8);
    expect(medianRadius(counted({ 2: 1, 6: 1 }))).toBe(2);
    expect(medianRadius([])).toBe(0);
  });
});
