import { describe, expect, it } from 'vitest';
import { displayValue, formatCount, formatDate, NOT_AVAILABLE } from './format';

describe('format', () => {
  it('shows numbers of 1000 or more as K', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1K');
    expect(formatCount(1550)).toBe('1.6K');
    expect(formatCount(12_345)).toBe('12.3K');
  });

  it('formats dates as dd-MM-yyyy and N/A for non-dates', () => {
    expect(formatDate('2026-03-07T10:00:00')).toBe('07-03-2026');
    expect(formatDate('nope')).toBe(NOT_AVAILABLE);
    expect(formatDate(null)).toBe(NOT_AVAILABLE);
  });

  it('displays values by type with N/A for empty ones', () => {
    expect(displayValue(undefined)).toBe('N/A');
    expect(displayValue('  ')).toBe('N/A');
    expect(displayValue([])).toBe('N/A');
    expect(displayValue(true)).toBe('True');
    expect(displayValue(2500)).toBe('2.5K');
    expect(displayValue('2026-01-02', 'date')).toBe('02-01-2026');
    expect(displayValue('soon', 'date')).toBe('soon');
    expect(displayValue(['a', 'b'])).toBe('a, b');
    expect(displayValue({ a: 1 })).toBe('{"a":1}');
  });
});
