import { describe, expect, it } from 'vitest';
import {
  addTrigger,
  canAddTrigger,
  removeTrigger,
  replaceTrigger,
  setTriggerOperator,
  summarizeTrigger,
} from './trigger-conditions';
import { aFlowCondition, aUrlTrigger, anEventCondition } from '@/tests/fixtures/flows';

describe('trigger condition groups', () => {
  it('appends groups up to 5 and no further', () => {
    let c = aFlowCondition();
    for (let i = 1; i <= 5; i++) {
      expect(canAddTrigger(c)).toBe(true);
      c = addTrigger(c, aUrlTrigger({ value: `/p${i}` }));
    }
    expect(c.trigger_conditions).toHaveLength(5);
    expect(canAddTrigger(c)).toBe(false);
    expect(addTrigger(c, aUrlTrigger({ value: '/p6' }))).toBe(c);
  });

  it('replaces a group, removes it when given null, and ignores unknown rows', () => {
    const c = aFlowCondition(
      aUrlTrigger({ value: '/a' }),
      aUrlTrigger({ value: '/b' }),
      aUrlTrigger({ value: '/c' }),
    );
    expect(replaceTrigger(c, 1, aUrlTrigger({ value: '/B' })).trigger_conditions).toEqual([
      aUrlTrigger({ value: '/a' }),
      aUrlTrigger({ value: '/B' }),
      aUrlTrigger({ value: '/c' }),
    ]);
    expect(replaceTrigger(c, 1, null).trigger_conditions).toEqual([
      aUrlTrigger({ value: '/a' }),
      aUrlTrigger({ value: '/c' }),
    ]);
    expect(removeTrigger(c, 0).trigger_conditions).toEqual([
      aUrlTrigger({ value: '/b' }),
      aUrlTrigger({ value: '/c' }),
    ]);
    expect(replaceTrigger(c, 3, aUrlTrigger({ value: '/x' }))).toBe(c);
  });

  it('sets the one operator of the flow without touching the groups', () => {
    const c = aFlowCondition(aUrlTrigger({ value: '/a' }), aUrlTrigger({ value: '/b' }));
    const next = setTriggerOperator(c, 'OR');
    expect(next).toEqual({ trigger_conditions: c.trigger_conditions, trigger_operator: 'OR' });
  });
});

describe('summaries', () => {
  it('reads URL groups as matches and excludes with their match types', () => {
    expect(
      summarizeTrigger({
        trigger_type: 'url',
        conditions: [
          { condition_type: 'exact', value: '/pricing', type: 'includes' },
          { condition_type: 'starts with', value: '/admin', type: 'excludes' },
        ],
      }),
    ).toBe('URL matches /pricing (exact) · excludes /admin (starts with)');
    expect(
      summarizeTrigger({
        trigger_type: 'url',
        conditions: [
          { condition_type: 'ends with', value: '/admin', type: 'excludes' },
          { condition_type: 'contains', value: 'beta', type: 'excludes' },
        ],
      }),
    ).toBe('URL excludes /admin (ends with), beta (contains)');
  });

  it('reads customer groups as the first condition and a count of the rest', () => {
    expect(
      summarizeTrigger({
        trigger_type: 'customer_condition',
        conditions: [
          { customer_key: 'plan', condition_type: 'exact', value: 'pro' },
          { customer_key: 'country', condition_type: 'not_empty' },
        ],
      }),
    ).toBe('plan exact pro and 1 more');
    expect(
      summarizeTrigger({
        trigger_type: 'customer_condition',
        conditions: [{ customer_key: 'email', condition_type: 'empty', value: null }],
      }),
    ).toBe('email is empty');
    expect(
      summarizeTrigger({
        trigger_type: 'customer_condition',
        conditions: [
          { customer_key: 'age', condition_type: 'between', value: { from: 18, to: 30 } },
        ],
      }),
    ).toBe('age between 18 to 30');
  });

  it('reads event groups as the event, how often and when', () => {
    expect(
      summarizeTrigger({
        trigger_type: 'event',
        conditions: [anEventCondition({ event_code: 'signup_completed' })],
      }),
    ).toBe('Event signup_completed, at least 1 time, in the last 1 days');
    expect(
      summarizeTrigger({
        trigger_type: 'event',
        conditions: [
          anEventCondition({
            event_code: 'signup_completed',
            frequency: { condition_type: 'between', value: { from: 1, to: 5 } },
            timeframe: { condition_type: 'anytime' },
            attribute_conditions: [{ attribute_key: 'plan', condition_type: 'exact', value: 'x' }],
          }),
        ],
      }),
    ).toBe('Event signup_completed, between 1 and 5 times, anytime, 1 attribute condition');
    expect(
      summarizeTrigger({
        trigger_type: 'event',
        conditions: [
          anEventCondition({
            event_code: 'signup_completed',
            frequency: { condition_type: 'exactly', value: 3 },
            timeframe: { condition_type: 'more_than', value: 2, unit: 'weeks' },
          }),
        ],
      }),
    ).toBe('Event signup_completed, exactly 3 times, more than 2 weeks ago');
  });

  it('says when a group holds nothing yet', () => {
    expect(summarizeTrigger({ trigger_type: 'url', conditions: [] })).toBe('URL (no URLs yet)');
    expect(summarizeTrigger({ trigger_type: 'event', conditions: [] })).toBe('Event (none chosen)');
  });
});
