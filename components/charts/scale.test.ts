import { describe, expect, it } from 'vitest';
import { linearScale, niceStep, niceTicks, tickIndices } from './scale';

describe('linearScale', () => {
  it('maps the domain onto the range, inverted ranges included', () => {
    const y = linearScale([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(100)).toBe(0);
    expect(y(25)).toBe(150);
    expect(linearScale([10, 20], [0, 50])(15)).toBe(25);
  });

  it('puts everything in the middle of the range when the domain has no width', () => {
    expect(linearScale([3, 3], [0, 100])(3)).toBe(50);
  });
});

describe('niceStep', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(0.7)).toBe(1);
    expect(niceStep(1)).toBe(1);
    expect(niceStep(1.2)).toBe(2);
    expect(niceStep(3)).toBe(5);
    expect(niceStep(7)).toBe(10);
    expect(niceStep(120)).toBe(200);
    expect(niceStep(0.03)).toBe(0.05);
  });
});

describe('niceTicks', () => {
  it('starts at 0 and ends at or above the largest value', () => {
    expect(niceTicks(42)).toEqual([0, 20, 40, 60]);
    expect(niceTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
  });

  it('never uses a step below 1 for counts, unless told values may be fractions', () => {
    expect(niceTicks(2)).toEqual([0, 1, 2]);
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(0.8, 4, false)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });

  it('gives an empty chart the axis 0 to 1', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(-5)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
  });
});

describe('tickIndices', () => {
  it('prints every label when they fit', () => {
    expect(tickIndices(0)).toEqual([]);
    expect(tickIndices(1)).toEqual([0]);
    expect(tickIndices(6)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('spaces them evenly with the first and the last, never more than max', () => {
    expect(tickIndices(30)).toEqual([0, 6, 12, 18, 24, 29]);
    expect(tickIndices(7)).toEqual([0, 2, 4, 6]);
    expect(tickIndices(10, 4)).toEqual([0, 3, 6, 9]);
    expect(tickIndices(11, 4)).toEqual([0, 4, 8, 10]);
    // Steps of 3: 0 … 12, then 13; 12 would crowd the last label, so it goes.
    expect(tickIndices(14)).toEqual([0, 3, 6, 9, 13]);
    for (let n = 1; n < 400; n += 7) {
      const picked = tickIndices(n);
      expect(picked.length).toBeLessThanOrEqual(6);
      expect(picked[0]).toBe(0);
      expect(picked.at(-1)).toBe(n - 1);
    }
  });
});
