import { describe, expect, it } from 'vitest';
import { displayValue } from './display-value';

describe('displayValue', () => {
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
