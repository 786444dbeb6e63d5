import { describe, expect, it } from 'vitest';
import { digitsOnly, digitsValue, valueKindFor } from './value-kind';

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
