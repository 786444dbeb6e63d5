import { describe, expect, it } from 'vitest';
import { formatCount, formatEventTime, formatLastSeen } from './format';

describe('formatCount', () => {
  it('shows numbers of 1000 or more as thousands with K (spec 9)', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1K');
    expect(formatCount(1540)).toBe('1.5K');
    expect(formatCount(12_345)).toBe('12.3K');
    expect(formatCount(Number.NaN)).toBe('N/A');
  });
});

describe('formatLastSeen', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  it('is relative within a week and dd-MM-yyyy before', () => {
    expect(formatLastSeen('2025-06-15T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatLastSeen('2025-06-13T12:00:00Z', now)).toBe('2 days ago');
    expect(formatLastSeen('2025-05-01T12:00:00Z', now)).toBe('01-05-2025');
  });
  it('shows N/A for never and for garbage', () => {
    expect(formatLastSeen(null, now)).toBe('N/A');
    expect(formatLastSeen('yesterday', now)).toBe('N/A');
  });
});

describe('formatEventTime', () => {
  it('formats to the second', () => {
    expect(formatEventTime(new Date(2025, 0, 2, 3, 4, 5).toISOString())).toBe(
      '02-01-2025 03:04:05',
    );
  });
});
