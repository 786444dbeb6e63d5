import { describe, expect, it } from 'vitest';
import type { TrendAnswer } from '@/lib/contracts/reports';
import { breakdownLabel, changeFromPrevious, trendChartData } from './trend-series';

const range = {
  from: '2026-11-02',
  to: '2026-11-15',
  time_zone: 'UTC',
  preset: 'custom_range' as const,
};

describe('trendChartData', () => {
  it('lays each series and the period before over the same buckets', () => {
    const answer: TrendAnswer = {
      series: [
        {
          label: 'Orders · FR',
          event: 'Orders',
          measure: 'total',
          breakdown_value: 'FR',
          total: 5,
          points: [
            { bucket: '2026-11-02', value: 2 },
            { bucket: '2026-11-09', value: 3 },
          ],
        },
        {
          label: 'Orders · $other',
          event: 'Orders',
          measure: 'total',
          breakdown_value: '$other',
          total: 1,
          points: [
            { bucket: '2026-11-02', value: 0 },
            { bucket: '2026-11-09', value: 1 },
          ],
        },
      ],
      previous: [
        {
          label: 'Orders · FR',
          event: 'Orders',
          measure: 'total',
          breakdown_value: 'FR',
          total: 4,
          points: [
            { bucket: '2026-10-19', value: 4 },
            { bucket: '2026-10-26', value: 0 },
          ],
        },
      ],
      range,
    };
    const data = trendChartData(answer, 'week');
    expect(data.series.map((s) => s.label)).toEqual([
      'Orders · FR',
      'Orders · Other',
      'Orders · FR (period before)',
    ]);
    expect(data.series[2]!.color).toBe(data.series[0]!.color);
    expect(data.dashedKeys).toEqual(['p0']);
    expect(data.points).toEqual([
      { label: '02-11-2026', values: { s0: 2, s1: 0, p0: 4 } },
      { label: '09-11-2026', values: { s0: 3, s1: 1, p0: 0 } },
    ]);
  });

  it('names breakdown values and measures the change', () => {
    expect(breakdownLabel('')).toBe('(none)');
    expect(breakdownLabel('$other')).toBe('Other');
    expect(breakdownLabel('DE')).toBe('DE');
    expect(changeFromPrevious(15, 10)).toBe(0.5);
    expect(changeFromPrevious(15, 0)).toBeNull();
    expect(changeFromPrevious(15, undefined)).toBeNull();
  });
});
