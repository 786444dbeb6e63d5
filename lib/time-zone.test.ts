import { describe, expect, it } from 'vitest';
import {
  addDays,
  bucketOf,
  canonicalTimeZone,
  bucketsBetween,
  bucketsOf,
  daysBetween,
  isDay,
  isTimeZone,
  nextBucket,
  zonedDay,
  zonedDayStart,
} from './time-zone';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('calendar days in a time zone', () => {
  it('knows zone names', () => {
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
  });

  it('finds the day of an instant on the zone clock', () => {
    expect(zonedDay(at('2024-01-10T03:00:00Z'), 'UTC')).toBe('2024-01-10');
    expect(zonedDay(at('2024-01-10T03:00:00Z'), 'America/New_York')).toBe('2024-01-09');
    expect(zonedDay(at('2024-01-09T23:30:00Z'), 'Asia/Tokyo')).toBe('2024-01-10');
  });

  it('starts a day at its first wall-clock moment, across clock changes', () => {
    expect(iso(zonedDayStart('2024-01-05', 'America/New_York'))).toBe('2024-01-05T05:00:00.000Z');
    expect(iso(zonedDayStart('2024-07-05', 'America/New_York'))).toBe('2024-07-05T04:00:00.000Z');
    // Paris moves from UTC+1 to UTC+2 on 31 March 2024 at 02:00: that day is 23 hours long.
    const paris = zonedDayStart('2024-03-31', 'Europe/Paris');
    expect(iso(paris)).toBe('2024-03-30T23:00:00.000Z');
    expect(zonedDayStart('2024-04-01', 'Europe/Paris') - paris).toBe(23 * 3_600_000);
    // Santiago skipped midnight on 8 September 2024 (00:00 became 01:00): the day starts at 01:00.
    const santiago = zonedDayStart('2024-09-08', 'America/Santiago');
    expect(zonedDay(santiago, 'America/Santiago')).toBe('2024-09-08');
    expect(zonedDay(santiago - 1, 'America/Santiago')).toBe('2024-09-07');
  });

  it('does calendar arithmetic on days', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2023-02-29')).toBe(false);
    expect(isDay('2024-1-01')).toBe(false);
    expect(isDay('0099-01-01')).toBe(false); // years every engine stores: 1900–2299
    expect(isDay('9999-12-31')).toBe(false);
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
    expect(daysBetween('2023-12-25', '2024-01-01')).toBe(7);
  });

  it('buckets by day, Monday weeks and months', () => {
    expect(bucketOf('2024-01-07', 'week')).toBe('2024-01-01'); // a Sunday
    expect(bucketOf('2024-01-08', 'week')).toBe('2024-01-08'); // a Monday
    expect(bucketOf('2024-02-29', 'month')).toBe('2024-02-01');
    expect(nextBucket('2024-01-29', 'week')).toBe('2024-02-05');
    expect(nextBucket('2024-12-01', 'month')).toBe('2025-01-01');
    expect(bucketsOf('2024-01-03', '2024-01-09', 'week', 100)).toEqual([
      '2024-01-01',
      '2024-01-08',
    ]);
    expect(bucketsOf('2024-01-01', '2024-12-31', 'day', 10)).toHaveLength(11);
    expect(bucketsBetween('2024-01-01', '2024-01-15', 'week')).toBe(2);
    expect(bucketsBetween('2023-11-01', '2024-02-01', 'month')).toBe(3);
    expect(bucketsBetween('2024-02-28', '2024-03-01', 'day')).toBe(2);
  });
});
