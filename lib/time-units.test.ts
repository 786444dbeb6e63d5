import { describe, expect, it } from 'vitest';
import { eventConditionSchema } from './contracts/flows';
import { funnelQuery, windowMs } from './contracts/reports';
import { TIME_UNITS, timeUnitOf, type TimeUnit } from './time-units';
// eslint-disable-next-line import/no-restricted-paths -- a test of lib/ may use the shared fixtures
import { anEventCondition } from '../tests/fixtures/flows';

const funnel = (unit: string, value = 2) =>
  funnelQuery.safeParse({
    brand_id: 1,
    type: 'funnel',
    steps: [{ event: 'A' }, { event: 'B' }],
    window: { value, unit },
    date_preset: 'past_7_day',
  });

describe('one vocabulary of time units', () => {
  it("the flow contract takes the list's words", () => {
    for (const unit of TIME_UNITS)
      expect(
        eventConditionSchema.safeParse(
          anEventCondition({
            timeframe: { condition_type: 'in_the_last', value: 3, unit: unit as TimeUnit },
          }),
        ).success,
      ).toBe(true);
    expect(
      eventConditionSchema.safeParse(
        anEventCondition({
          timeframe: { condition_type: 'in_the_last', value: 3, unit: 'fortnights' as TimeUnit },
        }),
      ).success,
    ).toBe(false);
  });

  it("the funnel window takes the flow contract's words, and its old singular ones", () => {
    for (const [word, unit] of [
      ['seconds', 'seconds'],
      ['minutes', 'minutes'],
      ['hours', 'hours'],
      ['days', 'days'],
      ['weeks', 'weeks'],
      ['months', 'months'],
      ['minute', 'minutes'],
      ['hour', 'hours'],
      ['day', 'days'],
      ['week', 'weeks'],
    ]) {
      const parsed = funnel(word!);
      expect(parsed.success, word).toBe(true);
      expect(parsed.data?.window.unit).toBe(unit);
    }
  });

  it('refuses other words, and windows past 90 days, saying why', () => {
    const message = (r: ReturnType<typeof funnel>) => r.error?.issues.map((i) => i.message);
    expect(message(funnel('fortnight'))).toEqual([
      'The window unit must be one of seconds, minutes, hours, days, weeks, months (or the same word without its s)',
    ]);
    // A year never fits the 90-day limit: not a window unit.
    expect(funnel('years').success).toBe(false);
    expect(funnel('months', 3).success).toBe(true);
    expect(message(funnel('months', 4))).toEqual(['The conversion window must be at most 90 days']);
  });

  it('measures a window in either word', () => {
    expect(windowMs({ value: 2, unit: 'hours' })).toBe(7_200_000);
    expect(windowMs({ value: 2, unit: 'hour' })).toBe(7_200_000);
    expect(windowMs({ value: 1, unit: 'months' })).toBe(30 * 86_400_000);
    expect(timeUnitOf('day')).toBe('days');
    expect(timeUnitOf('toString')).toBeNull();
  });
});
