import { describe, expect, it } from 'vitest';
import { inferDataType, inferPropertyTypes } from './property-types';

describe('property types inferred from the values seen', () => {
  it('reads each value as Create Event declares types', () => {
    expect(inferDataType(49.5)).toBe('number');
    expect(inferDataType(true)).toBe('boolean');
    expect(inferDataType(['a'])).toBe('list');
    expect(inferDataType('2026-11-28T13:00:00.000Z')).toBe('date');
    expect(inferDataType('2026-11-28')).toBe('date');
    expect(inferDataType('2026-13-45')).toBe('string');
    expect(inferDataType('SKU-1')).toBe('string');
    expect(inferDataType({ a: 1 })).toBe('string');
    expect(inferDataType(null)).toBeNull();
  });

  it('types a property by all its values: a mix is text, only nulls are text', () => {
    expect(
      inferPropertyTypes([
        { properties: { total: 5, when: null, tag: 'a' } },
        { properties: { total: 7, when: '2026-11-28', tag: 3 } },
        { properties: null },
      ]),
    ).toEqual([
      ['total', 'number'],
      ['when', 'date'],
      ['tag', 'string'],
    ]);
    expect(inferPropertyTypes([{ properties: { only: null } }])).toEqual([['only', 'string']]);
  });
});
