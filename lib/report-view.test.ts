import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import {
  bucketLabel,
  isIsoDate,
  parseReportView,
  rangeProblem,
  reportApiQuery,
  reportViewQuery,
  withGranularity,
  withPreset,
} from './report-view';

describe('parseReportView', () => {
  it('reads the API names and falls back to the defaults', () => {
    expect(parseReportView({})).toEqual({ date_preset: 'past_30_day', granularity: 'day' });
    expect(parseReportView({ date_preset: 'all_times', granularity: ['month', 'day'] })).toEqual({
      date_preset: 'all_times',
      granularity: 'month',
    });
    expect(parseReportView({ date_preset: 'yesterday', granularity: 'hour' })).toEqual({
      date_preset: 'past_30_day',
      granularity: 'day',
    });
  });

  it('keeps the dates of a custom range only when they are real days in order', () => {
    const q = { date_preset: 'custom_range', from: '2026-01-01', to: '2026-01-31' };
    expect(parseReportView(q)).toMatchObject({ from: '2026-01-01', to: '2026-01-31' });
    expect(parseReportView({ ...q, to: '2026-02-30' })).toMatchObject({
      date_preset: 'custom_range',
      from: '2026-01-01',
      to: undefined,
    });
    expect(parseReportView({ ...q, from: '2026-02-01' })).toMatchObject({
      from: undefined,
      to: undefined,
    });
    // Dates without a custom range are ignored.
    expect(parseReportView({ from: '2026-01-01', to: '2026-01-31' })).toEqual({
      date_preset: 'past_30_day',
      granularity: 'day',
    });
  });
});

describe('reportViewQuery', () => {
  it('leaves the defaults out and keeps the route id', () => {
    expect(
      reportViewQuery({ date_preset: 'past_30_day', granularity: 'day' }, { id: '7', to: 'x' }),
    ).toEqual({ id: '7' });
    expect(
      reportViewQuery({ date_preset: 'past_7_day', granularity: 'week' }, { id: '7' }),
    ).toEqual({ id: '7', date_preset: 'past_7_day', granularity: 'week' });
    expect(
      reportViewQuery({
        date_preset: 'custom_range',
        from: '2026-01-01',
        to: '2026-01-02',
        granularity: 'day',
      }),
    ).toEqual({ date_preset: 'custom_range', from: '2026-01-01', to: '2026-01-02' });
  });

  it('round-trips through parseReportView', () => {
    const view = {
      date_preset: 'custom_range' as const,
      from: '2025-12-30',
      to: '2026-01-04',
      granularity: 'month' as const,
    };
    expect(parseReportView(reportViewQuery(view))).toEqual(view);
  });
});

describe('reportApiQuery', () => {
  it('asks nothing while a custom range lacks a date', () => {
    expect(reportApiQuery({ date_preset: 'custom_range', granularity: 'day' })).toBeNull();
    expect(reportApiQuery({ date_preset: 'all_times', granularity: 'week' })).toEqual({
      date_preset: 'all_times',
      granularity: 'week',
    });
  });
});

describe('rangeProblem and isIsoDate', () => {
  it('checks real days, both dates, and their order', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('1-2-2025')).toBe(false);
    expect(rangeProblem('', '')).toEqual({
      kind: 'incomplete',
      message: MESSAGES.flows.rangeBothDates,
    });
    expect(rangeProblem('2026-01-05', '')?.kind).toBe('incomplete');
    expect(rangeProblem('2026-13-05', '')?.message).toBe(MESSAGES.flows.reportFromDate);
    expect(rangeProblem('2026-01-05', 'soon')?.message).toBe(MESSAGES.flows.reportToDate);
    expect(rangeProblem('2026-01-06', '2026-01-05')).toEqual({
      kind: 'invalid',
      message: MESSAGES.flows.reportRangeOrder,
    });
    expect(rangeProblem('2026-01-05', '2026-01-05')).toBeNull();
  });
});

describe('bucketLabel', () => {
  it('names days and weeks dd-MM-yyyy and months MM-yyyy', () => {
    expect(bucketLabel('2026-01-05', 'day')).toBe('05-01-2026');
    expect(bucketLabel('2026-01-05T00:00:00.000Z', 'week')).toBe('05-01-2026');
    expect(bucketLabel('2026-01-01', 'month')).toBe('01-2026');
    expect(bucketLabel('2026-01', 'month')).toBe('01-2026');
    expect(bucketLabel('W2', 'week')).toBe('W2');
  });
});

describe('withPreset and withGranularity', () => {
  const custom = {
    date_preset: 'custom_range' as const,
    from: '2026-01-01',
    to: '2026-01-31',
    granularity: 'week' as const,
  };
  it('drops the dates with another range and keeps the range with another granularity', () => {
    expect(withPreset(custom, 'past_7_day')).toEqual({
      date_preset: 'past_7_day',
      granularity: 'week',
    });
    expect(withPreset(custom, 'custom_range')).toEqual({
      date_preset: 'custom_range',
      granularity: 'week',
    });
    expect(withPreset(custom, 'nonsense')).toEqual({
      date_preset: 'custom_range',
      granularity: 'week',
    });
    expect(withGranularity(custom, 'month')).toEqual({ ...custom, granularity: 'month' });
    expect(withGranularity(custom, 'hour')).toEqual(custom);
  });
});
