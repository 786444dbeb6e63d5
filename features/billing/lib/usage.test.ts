import { describe, expect, it } from 'vitest';
import {
  isUsageDialogDismissed,
  latestUsage,
  rememberUsageDialogDismissed,
  trackingStopsAt,
  usageMonth,
  usageSummary,
} from './usage';

/** A Storage stand-in backed by a map. */
function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe('usageSummary', () => {
  it('uses the warning tone from 70 % and the normal tone below', () => {
    expect(usageSummary({ mau_count: 699, mau_limit: 1000 }).tone).toBe('normal');
    expect(usageSummary({ mau_count: 700, mau_limit: 1000 }).tone).toBe('warning');
  });

  it('clamps the bar to 100 while keeping the real percentage, and flags the limit', () => {
    const over = usageSummary({ mau_count: 1500, mau_limit: 1000 });
    expect(over).toMatchObject({ percentage: 150, progress: 100, over: true, unlimited: false });
    expect(usageSummary({ mau_count: 999, mau_limit: 1000 }).over).toBe(false);
    expect(usageSummary({ mau_count: 1000, mau_limit: 1000 }).over).toBe(true);
  });

  it('treats a limit of 0 as unlimited: never over, empty bar', () => {
    expect(usageSummary({ mau_count: 5_000_000, mau_limit: 0 })).toMatchObject({
      unlimited: true,
      over: false,
      progress: 0,
      tone: 'normal',
    });
  });
});

describe('trackingStopsAt', () => {
  it('is seven days after the limit was reached', () => {
    expect(trackingStopsAt('2025-03-01T10:00:00.000Z')?.toISOString()).toBe(
      '2025-03-08T10:00:00.000Z',
    );
    expect(trackingStopsAt(null)).toBeNull();
    expect(trackingStopsAt('not a date')).toBeNull();
  });
});

describe('latestUsage', () => {
  const quota = { mau_count: 10, mau_limit: 1000 };
  it('prefers a push newer than the subscription fetch', () => {
    const push = { mau_count: 1000, mau_limit: 1000, at: 200 };
    expect(latestUsage(quota, 100, push)).toEqual({ mau_count: 1000, mau_limit: 1000 });
    expect(latestUsage(quota, 300, push)).toEqual(quota);
    expect(latestUsage(quota, 100, null)).toEqual(quota);
  });
});

describe('usage dialog dismissal', () => {
  it('lasts for the UTC month of the dismissal and is per user', () => {
    const store = memoryStore();
    const march = new Date('2025-03-31T23:00:00.000Z');
    expect(isUsageDialogDismissed(store, 'u1', march)).toBe(false);
    rememberUsageDialogDismissed(store, 'u1', march);
    expect(isUsageDialogDismissed(store, 'u1', march)).toBe(true);
    expect(isUsageDialogDismissed(store, 'u2', march)).toBe(false);
    expect(isUsageDialogDismissed(store, 'u1', new Date('2025-04-01T00:00:00.000Z'))).toBe(false);
    expect(usageMonth(march)).toBe('2025-03');
  });

  it('survives a missing or throwing storage', () => {
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(() => rememberUsageDialogDismissed(throwing, 'u1')).not.toThrow();
    expect(isUsageDialogDismissed(throwing, 'u1')).toBe(false);
    expect(isUsageDialogDismissed(null, 'u1')).toBe(false);
  });
});
