import { describe, expect, it } from 'vitest';
import {
  blankRow,
  completeRowNumbers,
  completeRows,
  digitsOnly,
  digitsValue,
  emptyValueFor,
  rowsFrom,
  selectAttribute,
  selectConditionType,
  valueKindFor,
  type ConditionDraftRow,
} from './condition-rows';

const row = (patch: Partial<ConditionDraftRow> = {}): ConditionDraftRow => ({
  id: 'r1',
  key: 'plan',
  condition_type: 'contain',
  value: 'pro',
  ...patch,
});

describe('selectAttribute (docs/product/entities.md#condition-editing)', () => {
  it('resets the condition type to the first one of the new data type and empties the value', () => {
    expect(selectAttribute(row(), 'signup', 'date')).toEqual({
      id: 'r1',
      key: 'signup',
      condition_type: 'before',
      value: '',
    });
  });

  it('starts a number attribute at equal', () => {
    expect(selectAttribute(row(), 'age', 'number').condition_type).toBe('=');
  });
});

describe('selectConditionType (docs/product/entities.md#condition-editing)', () => {
  it('empties the value when the condition type changes', () => {
    expect(selectConditionType(row(), 'ends_with')).toEqual({
      ...row(),
      condition_type: 'ends_with',
      value: '',
    });
  });

  it('gives range kinds a blank from–to pair', () => {
    expect(selectConditionType(row({ value: '2026-01-01' }), 'range').value).toEqual({
      from: '',
      to: '',
    });
    expect(emptyValueFor('between')).toEqual({ from: '', to: '' });
  });
});

describe('digits only (docs/product/validation.md#51-forms-in-general)', () => {
  it('drops every character that is not a digit', () => {
    expect(digitsOnly('1a2.3-4 e5')).toBe('12345');
  });

  it('stores digits as a number and blank as an empty string', () => {
    expect(digitsValue('0x42')).toBe(42);
    expect(digitsValue('abc')).toBe('');
  });
});

describe('valueKindFor', () => {
  it('shows no value input for is empty and is not empty', () => {
    expect(valueKindFor('string', 'empty')).toBe('none');
    expect(valueKindFor('number', 'not_empty')).toBe('none');
    expect(valueKindFor(null, null)).toBe('none');
  });

  it('picks the input by data type', () => {
    expect(valueKindFor('string', 'exact')).toBe('text');
    expect(valueKindFor('list', 'contain')).toBe('text');
    expect(valueKindFor('number', '>=')).toBe('number');
    expect(valueKindFor('date', 'before')).toBe('date');
    expect(valueKindFor('boolean', '=')).toBe('boolean');
  });

  it('uses pairs for range (dates) and between (numbers), days for the days-ago kinds', () => {
    expect(valueKindFor('date', 'range')).toBe('date-range');
    expect(valueKindFor('number', 'between')).toBe('number-range');
    expect(valueKindFor('date', 'less_than_x_days_ago')).toBe('days');
    expect(valueKindFor('date', 'more_than_x_days_ago')).toBe('days');
  });

  it('guesses from the condition and the value when the attribute vanished', () => {
    expect(valueKindFor(null, '=', true)).toBe('boolean');
    expect(valueKindFor(null, '<', 3)).toBe('number');
    expect(valueKindFor(null, 'after', '2026-01-01')).toBe('date');
    expect(valueKindFor(null, 'starts_with', 'a')).toBe('text');
  });
});

describe('rows', () => {
  it('reads saved conditions through the given key field', () => {
    const rows = rowsFrom(
      [{ attribute_key: 'amount', condition_type: '>' as const, value: 5 }],
      (c) => c.attribute_key,
    );
    expect(rows).toEqual([
      { id: expect.any(String), key: 'amount', condition_type: '>', value: 5 },
    ]);
  });

  it('keeps only the rows that name an attribute', () => {
    const named = row({ id: 'a' });
    expect(completeRows([blankRow(), named])).toEqual([named]);
  });

  it('numbers the kept rows by their place among all rows', () => {
    expect(
      completeRowNumbers([blankRow(), row({ id: 'a' }), blankRow(), row({ id: 'b' })]),
    ).toEqual([2, 4]);
  });

  it('gives every new row its own id', () => {
    expect(blankRow().id).not.toBe(blankRow().id);
  });
});
