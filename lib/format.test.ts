import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDuration,
  formatDate,
  formatDateTime,
  formatInteger,
  formatPercent,
  formatShare,
  formatSlashDate,
  NOT_AVAILABLE,
} from './format';

describe('formatCount', () => {
  it('shows numbers of 1000 or more as thousands with K (docs/product/constants.md#display-formats)', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(-999)).toBe('-999');
    expect(formatCount(1000)).toBe('1K');
    expect(formatCount(1540)).toBe('1.5K');
    expect(formatCount(12_345)).toBe('12.3K');
    expect(formatCount(1_250_000)).toBe('1250K');
  });

  it('rounds halves up, whatever their binary form', () => {
    expect(formatCount(1150)).toBe('1.2K');
    expect(formatCount(1450)).toBe('1.5K');
    expect(formatCount(1550)).toBe('1.6K');
    expect(formatCount(999_950)).toBe('1000K');
  });

  it('shows N/A for what is not a finite number', () => {
    expect(formatCount(Number.NaN)).toBe(NOT_AVAILABLE);
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe(NOT_AVAILABLE);
  });
});

describe('formatDate', () => {
  it('formats dates as dd-MM-yyyy (docs/product/constants.md#display-formats)', () => {
    expect(formatDate('2026-03-07T10:00:00')).toBe('07-03-2026');
    expect(formatDate('2026-01-02')).toBe('02-01-2026');
    expect(formatDate(new Date(2025, 4, 1, 12))).toBe('01-05-2025');
    expect(formatDate(new Date(2025, 4, 1, 12).getTime())).toBe('01-05-2025');
  });

  it('shows N/A for what is not a date', () => {
    expect(formatDate('nope')).toBe(NOT_AVAILABLE);
    expect(formatDate('  ')).toBe(NOT_AVAILABLE);
    expect(formatDate(null)).toBe(NOT_AVAILABLE);
    expect(formatDate(undefined)).toBe(NOT_AVAILABLE);
    expect(formatDate(new Date(Number.NaN))).toBe(NOT_AVAILABLE);
  });
});

describe('formatDateTime', () => {
  it('formats to the second in local time', () => {
    expect(formatDateTime(new Date(2025, 0, 2, 3, 4, 5).toISOString())).toBe('02-01-2025 03:04:05');
    expect(formatDateTime(new Date(2025, 0, 2, 3, 4, 5))).toBe('02-01-2025 03:04:05');
  });

  it('shows N/A for what is not a date', () => {
    expect(formatDateTime('later')).toBe(NOT_AVAILABLE);
    expect(formatDateTime(null)).toBe(NOT_AVAILABLE);
  });
});

describe('formatPercent', () => {
  it('shows an integer or two decimals, and - when invalid', () => {
    expect(formatPercent(82)).toBe('82%');
    expect(formatPercent(82.5)).toBe('82.50%');
    expect(formatPercent(Number.NaN)).toBe('-');
    expect(formatPercent(-1)).toBe('-');
  });
});

describe('formatSlashDate and formatInteger', () => {
  it('shows dd/MM/yyyy and exact counts with separators', () => {
    expect(formatSlashDate(new Date(2026, 10, 5))).toBe('05/11/2026');
    expect(formatSlashDate('nope')).toBe(NOT_AVAILABLE);
    expect(formatInteger(10250)).toBe('10,250');
    expect(formatInteger(Number.NaN)).toBe('-');
  });
});

describe('formatShare', () => {
  it('shows a 0–1 share as a percentage, rounded to two decimals first', () => {
    expect(formatShare(0.375)).toBe('37.50%');
    expect(formatShare(0.29)).toBe('29%');
    expect(formatShare(1)).toBe('100%');
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(1 / 3)).toBe('33.33%');
    expect(formatShare(Number.NaN)).toBe('-');
    expect(formatShare(-0.1)).toBe('-');
  });
});

describe('formatDuration', () => {
  it('names a duration by its two largest units', () => {
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(3 * 3_600_000 + 10 * 60_000 + 5_000)).toBe('3 h 10 min');
    expect(formatDuration(2 * 86_400_000 + 5 * 3_600_000)).toBe('2 d 5 h');
    expect(formatDuration(86_400_000)).toBe('1 d');
    // A zero middle unit ends the name: "1 d" rather than "1 d 0 h".
    expect(formatDuration(86_400_000 + 30 * 60_000)).toBe('1 d');
  });

  it('says "< 1 s" under a second and "-" for nothing', () => {
    expect(formatDuration(400)).toBe('< 1 s');
    expect(formatDuration(null)).toBe('-');
    expect(formatDuration(-5)).toBe('-');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('-');
  });
});
