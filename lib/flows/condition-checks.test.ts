import { describe, expect, it } from 'vitest';
import type { EventCondition } from '../contracts/flows';
import { MESSAGES } from '../messages';
import { eventConditionProblems, flowProblems, timeframeProblem } from './checks';
/* eslint-disable import/no-restricted-paths -- a test of lib/ may use the shared fixtures */
import {
  aFlow,
  aFlowCondition,
  anEventCondition,
  anEventTrigger,
} from '../../tests/fixtures/flows';
/* eslint-enable import/no-restricted-paths */

const M = MESSAGES.flows;
type Timeframe = EventCondition['timeframe'];

describe('event time range (docs/product/validation.md#57-event-condition-form)', () => {
  it('accepts what the Event dialog offers by default and anytime', () => {
    expect(timeframeProblem({ condition_type: 'in_the_last', value: 1, unit: 'days' })).toBeNull();
    expect(timeframeProblem({ condition_type: 'more_than', value: 3, unit: 'weeks' })).toBeNull();
    expect(
      timeframeProblem({ condition_type: 'between', value: { from: 1, to: 5 }, unit: 'days' }),
    ).toBeNull();
    expect(timeframeProblem({ condition_type: 'anytime', value: null, unit: null })).toBeNull();
    expect(timeframeProblem({ condition_type: 'anytime' })).toBeNull();
  });

  it('in the last and more than need a value of at least 1', () => {
    expect(timeframeProblem({ condition_type: 'in_the_last', value: null, unit: 'days' })).toBe(
      M.timeRangeRequired,
    );
    expect(timeframeProblem({ condition_type: 'more_than', unit: 'days' })).toBe(
      M.timeRangeRequired,
    );
    expect(timeframeProblem({ condition_type: 'in_the_last', value: 0, unit: 'days' })).toBe(
      M.timeRangeAtLeastOne,
    );
    expect(timeframeProblem({ condition_type: 'more_than', value: 1.5, unit: 'days' })).toBe(
      M.timeRangeAtLeastOne,
    );
    expect(
      timeframeProblem({ condition_type: 'in_the_last', value: { from: 1, to: 2 }, unit: 'days' }),
    ).toBe(M.timeRangeAtLeastOne);
  });

  it('between needs both ends, each at least 1, the first below the second', () => {
    const between = (from: number | string, to: number | string): Timeframe => ({
      condition_type: 'between',
      value: { from, to },
      unit: 'days',
    });
    expect(timeframeProblem({ condition_type: 'between', value: null, unit: 'days' })).toBe(
      M.timeRangeRequired,
    );
    expect(timeframeProblem(between('', 5))).toBe(M.timeRangeRequired);
    expect(timeframeProblem(between(2, ''))).toBe(M.timeRangeRequired);
    expect(timeframeProblem(between(0, 5))).toBe(M.timeRangeAtLeastOne);
    expect(timeframeProblem(between('x', 5))).toBe(M.timeRangeAtLeastOne);
    expect(timeframeProblem(between(5, 1))).toBe(M.timeRangeOrder);
    expect(timeframeProblem(between(3, 3))).toBe(M.timeRangeOrder);
    expect(timeframeProblem(between('2', '10'))).toBeNull();
  });

  it('a date range needs two valid dates, the first not after the second', () => {
    const dates = (from: string, to: string): Timeframe => ({
      condition_type: 'date_range',
      value: { from, to },
      unit: null,
    });
    expect(timeframeProblem({ condition_type: 'date_range', value: null, unit: null })).toBe(
      M.timeRangeRequired,
    );
    expect(timeframeProblem(dates('', ''))).toBe(M.timeRangeRequired);
    expect(timeframeProblem(dates('2026-01-05', ''))).toBe(M.timeRangeRequired);
    expect(timeframeProblem(dates('soon', '2026-01-05'))).toBe(M.rangeFromValid);
    expect(timeframeProblem(dates('2026-01-05', '2026-13-45'))).toBe(M.rangeToValid);
    expect(timeframeProblem(dates('2026-02-01', '2026-01-05'))).toBe(M.timeRangeDateOrder);
    expect(timeframeProblem(dates('2026-01-05', '2026-01-05'))).toBeNull();
    expect(timeframeProblem(dates('2026-01-05', '2026-01-31'))).toBeNull();
  });

  it('is part of the event form, after the frequency and before the attribute conditions', () => {
    const ev = {
      ...anEventCondition({
        timeframe: { condition_type: 'between', value: { from: 5, to: 1 }, unit: 'days' },
      }),
      frequency: { condition_type: 'at_least' as const, value: null },
      attribute_conditions: [{ attribute_key: 'plan', condition_type: 'exact' as const }],
    };
    expect(eventConditionProblems(ev)).toEqual([
      M.frequencyRequired,
      M.timeRangeOrder,
      M.conditionN(1, M.valueRequired),
    ]);
  });

  it('stops a flow from being published (docs/product/validation.md#58-flow-checks)', () => {
    expect(
      flowProblems(
        aFlow({
          condition: aFlowCondition(
            anEventTrigger({
              timeframe: { condition_type: 'in_the_last', value: 1, unit: 'days' },
            }),
          ),
        }),
      ),
    ).toEqual([]);
    expect(
      flowProblems(
        aFlow({
          condition: aFlowCondition(
            anEventTrigger({
              timeframe: { condition_type: 'date_range', value: null, unit: null },
            }),
          ),
        }),
      ),
    ).toEqual([M.timeRangeRequired]);
    expect(
      flowProblems(
        aFlow({
          condition: aFlowCondition(
            anEventTrigger({
              timeframe: { condition_type: 'between', value: { from: 5, to: 1 }, unit: 'days' },
            }),
          ),
        }),
      ),
    ).toEqual([M.timeRangeOrder]);
  });
});
