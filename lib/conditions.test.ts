import { describe, expect, it } from 'vitest';
import {
  CONDITION_LABELS,
  CONDITION_TYPES,
  evaluateCondition,
  FILTER_OPERATORS,
  valueFitsDataType,
} from './conditions';

describe('condition operators', () => {
  it('lists the condition types of docs/product/constants.md#condition-types-per-data-type per data type with the default first', () => {
    expect(CONDITION_TYPES.string[0]).toBe('exact');
    expect(CONDITION_TYPES.number).toContain('between');
    expect(CONDITION_TYPES.list).toEqual(['contain']);
    expect(FILTER_OPERATORS.number).toContain('!=');
    expect(CONDITION_LABELS.less_than_x_days_ago).toBe('less than X days ago');
  });

  it('evaluates text conditions ignoring case', () => {
    expect(evaluateCondition('Ada@Example.com', 'ends_with', 'example.com')).toBe(true);
    expect(evaluateCondition('Ada', 'exact', 'ada')).toBe(true);
    expect(evaluateCondition('Ada', 'not_contain', 'x')).toBe(true);
    expect(evaluateCondition(undefined, 'not_exact', 'x')).toBe(true);
    expect(evaluateCondition('', 'empty', undefined)).toBe(true);
    expect(evaluateCondition('a', 'not_empty', undefined)).toBe(true);
  });

  it('evaluates numbers, booleans and lists', () => {
    expect(evaluateCondition(5, '>=', 5)).toBe(true);
    expect(evaluateCondition('7', '<', 10)).toBe(true);
    expect(evaluateCondition(3, 'between', { from: 1, to: 5 })).toBe(true);
    expect(evaluateCondition(6, 'between', { from: 1, to: 5 })).toBe(false);
    expect(evaluateCondition(true, '=', 'true')).toBe(true);
    expect(evaluateCondition(['a', 'B'], 'contain', 'b')).toBe(true);
  });

  it('evaluates dates by day, ranges ending at the end of the last day', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(
      evaluateCondition('2026-11-20T23:00:00Z', 'range', { from: '2026-11-01', to: '2026-11-20' }),
    ).toBe(true);
    expect(
      evaluateCondition('2026-11-21T00:00:01Z', 'range', { from: '2026-11-01', to: '2026-11-20' }),
    ).toBe(false);
    expect(evaluateCondition('2026-11-20T10:00:00Z', 'less_than_x_days_ago', 2, now)).toBe(true);
    expect(evaluateCondition('2026-11-10T10:00:00Z', 'more_than_x_days_ago', 7, now)).toBe(true);
    expect(evaluateCondition('2026-11-10', 'before', '2026-11-11')).toBe(true);
  });
});

describe('valueFitsDataType', () => {
  it('accepts values of the data type and null', () => {
    expect(valueFitsDataType('string', 'gold')).toBe(true);
    expect(valueFitsDataType('list', 'a, b')).toBe(true);
    expect(valueFitsDataType('number', 12)).toBe(true);
    expect(valueFitsDataType('boolean', false)).toBe(true);
    expect(valueFitsDataType('date', '2026-01-02')).toBe(true);
    expect(valueFitsDataType('number', null)).toBe(true);
  });

  it('refuses values of another type', () => {
    expect(valueFitsDataType('string', 5)).toBe(false);
    expect(valueFitsDataType('number', '5')).toBe(false);
    expect(valueFitsDataType('number', Number.NaN)).toBe(false);
    expect(valueFitsDataType('boolean', 'true')).toBe(false);
    expect(valueFitsDataType('date', 'soon')).toBe(false);
    expect(valueFitsDataType('list', ['a'])).toBe(false);
  });
});
