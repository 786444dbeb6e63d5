import { describe, expect, it } from 'vitest';
import { reportBody } from '@/lib/contracts/reports';
import { newReportForm, withBrand, withType } from './report-form';

describe('report form', () => {
  it('starts each type with values the contract accepts once events are chosen', () => {
    for (const type of ['trend', 'funnel', 'retention'] as const) {
      const form = withType(newReportForm(7), type);
      expect(form.query.type).toBe(type);
      const named = JSON.parse(
        JSON.stringify({ ...form, name: 'R' })
          .replaceAll('"event":""', '"event":"a"')
          .replace(/"(start|return)_event":""/g, '"$1_event":"a"'),
      );
      expect(reportBody.safeParse(named).success).toBe(true);
    }
  });

  it('carries the product, range and chosen events to another type', () => {
    const trend = newReportForm(3, 'trend');
    if (trend.query.type !== 'trend') throw new Error('not a trend');
    trend.query.series = [
      { event: 'signup', measure: 'unique', filters: [] },
      { event: 'checkout', measure: 'total', filters: [] },
    ];
    trend.query.date_preset = 'custom_range';
    trend.query.from = '2026-01-01';
    trend.query.to = '2026-01-31';
    trend.query.granularity = 'month';

    const funnel = withType(trend, 'funnel');
    expect(funnel.query).toMatchObject({
      type: 'funnel',
      brand_id: 3,
      steps: [{ event: 'signup' }, { event: 'checkout' }],
      date_preset: 'custom_range',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    const retention = withType(trend, 'retention');
    expect(retention.query).toMatchObject({
      start_event: 'signup',
      return_event: 'checkout',
      period: 'month',
    });
    // Back to a trend: one series per event, the period as the granularity.
    expect(withType(retention, 'trend').query).toMatchObject({
      series: [{ event: 'signup' }, { event: 'checkout' }],
      granularity: 'month',
    });
  });

  it('moves the query with the product', () => {
    const form = withBrand(newReportForm(1), 9);
    expect(form.brand_id).toBe(9);
    expect(form.query.brand_id).toBe(9);
  });
});
