import { describe, expect, it } from 'vitest';
import type { EventCondition } from '../../../../lib/contracts/flows';
import {
  chooseFlow,
  decisiveCount,
  displayAllows,
  eventWindow,
  frequencyHolds,
  triggersHold,
  urlConditionHolds,
  urlRowMatches,
  type Candidate,
  type VisitorFacts,
} from './decide';
import { evaluateCondition, ALL_CONDITION_TYPES } from '../../../../lib/conditions';
import { eventPropertiesHold, stillPossible } from './reads';
import {
  aCustomerTrigger,
  aFlow,
  aFlowCondition,
  aStep,
  aUrlCondition,
  aUrlTrigger,
  anEventCondition,
} from '../../../../tests/fixtures/flows';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

const step = aStep({ content: '<p>Hi</p>' });
const candidate = (
  id: number,
  over: Partial<Candidate['definition']> = {},
  publishedAt = new Date(NOW - id * 1000),
): Candidate => ({
  id,
  publishedAt,
  definition: {
    ...aFlow({ condition: aFlowCondition(), display_type: 'every_time', steps: [step] }),
    ...over,
  } as Candidate['definition'],
});
const facts = (over: Partial<VisitorFacts> = {}): VisitorFacts => ({
  profile: {},
  eventCount: () => 0,
  sessionsOf: () => 0,
  ...over,
});

describe('URL conditions', () => {
  const url = 'https://Shop.example.com/app/orders/?tab=1#x';
  it.each([
    ['exact', 'https://shop.example.com/app/orders/?tab=1', true],
    ['exact', '/app/orders/?tab=1', true],
    ['exact', '/app/orders', false],
    ['contains', '/orders', true],
    ['contains', 'ORDERS', true],
    ['contains', '/billing', false],
    ['starts with', '/app', true],
    ['starts with', 'https://shop.example.com/app', true],
    ['starts with', '/orders', false],
    ['ends with', '?tab=1', true],
    ['ends with', '/orders', false],
    ['contains', '   ', false],
  ] as const)('%s %j → %s', (condition_type, value, expected) => {
    expect(urlRowMatches(url, { condition_type, value })).toBe(expected);
  });

  it('needs one include (when there are any) and no exclude', () => {
    expect(
      urlConditionHolds('https://a.io/app/x', [
        aUrlCondition({ value: '/app' }),
        aUrlCondition({ value: '/b' }),
      ]),
    ).toBe(true);
    expect(
      urlConditionHolds('https://a.io/app/x', [
        aUrlCondition({ value: '/app' }),
        aUrlCondition({ value: '/x', type: 'excludes' }),
      ]),
    ).toBe(false);
    expect(
      urlConditionHolds('https://a.io/y', [aUrlCondition({ value: '/x', type: 'excludes' })]),
    ).toBe(true);
    expect(urlConditionHolds('https://a.io/y', [aUrlCondition({ value: '/app' })])).toBe(false);
    expect(urlConditionHolds('not a url', [aUrlCondition({ value: 'url' })])).toBe(true);
  });
});

describe('event conditions', () => {
  it.each([
    [{ condition_type: 'at_least', value: 2 }, 1, false],
    [{ condition_type: 'at_least', value: 2 }, 2, true],
    [{ condition_type: 'at_most', value: 2 }, 2, true],
    [{ condition_type: 'at_most', value: 2 }, 3, false],
    [{ condition_type: 'exactly', value: 0 }, 0, true],
    [{ condition_type: 'exactly', value: 1 }, 2, false],
    [{ condition_type: 'between', value: { from: 2, to: 4 } }, 4, true],
    [{ condition_type: 'between', value: { from: 2, to: 4 } }, 5, false],
    [{ condition_type: null, value: null }, 1, true],
    [{ condition_type: null, value: null }, 0, false],
  ] as const)('frequency %j with %i occurrences → %s', (frequency, count, expected) => {
    expect(frequencyHolds(count, frequency as EventCondition['frequency'])).toBe(expected);
  });

  it('counting may stop at decisiveCount: the frequency answers the same for every count', () => {
    const frequencies = [
      ...[-1, 0, 1, 2, 2.5, 7].flatMap((value) =>
        (['at_least', 'at_most', 'exactly', null] as const).map((condition_type) => ({
          condition_type,
          value,
        })),
      ),
      { condition_type: 'between', value: { from: 2, to: 4 } },
      { condition_type: 'between', value: { from: 0, to: 0 } },
      { condition_type: 'between', value: { from: 'x', to: 'y' } },
      { condition_type: 'between', value: null },
      { condition_type: 'at_least', value: null },
      { condition_type: 'at_most', value: null },
    ] as EventCondition['frequency'][];
    for (const f of frequencies) {
      const stop = decisiveCount(f);
      expect(stop).toBeLessThanOrEqual(8);
      for (let count = 0; count <= 20; count++)
        expect(frequencyHolds(Math.min(count, stop), f)).toBe(frequencyHolds(count, f));
    }
  });

  it('an event property filter answers as the shared evaluator does, numbers included', () => {
    const actuals = [0, -1, 50, 50.5, NaN, '50', 'abc', '', null, undefined, true, [1]];
    const expecteds = [50, '50', '50.5', 'abc', '', null, true, { from: 1, to: 60 }, undefined];
    let checked = 0;
    for (const condition_type of ALL_CONDITION_TYPES)
      for (const actual of actuals)
        for (const value of expecteds) {
          const c = {
            attribute_conditions: [{ attribute_key: 'k', condition_type, value }],
            attribute_condition_operator: 'AND' as const,
          } as Pick<EventCondition, 'attribute_conditions' | 'attribute_condition_operator'>;
          expect(eventPropertiesHold({ k: actual }, c, NOW)).toBe(
            evaluateCondition(actual, condition_type, value as never, NOW),
          );
          checked++;
        }
    expect(checked).toBeGreaterThan(1_000);
  });

  it.each([
    ['seconds', 30, NOW - 30_000],
    ['minutes', 5, NOW - 300_000],
    ['hours', 2, NOW - 7_200_000],
    ['days', 3, NOW - 3 * DAY],
    ['weeks', 1, NOW - 7 * DAY],
    ['months', 1, Date.parse('2026-10-25T12:00:00Z')],
    ['years', 1, Date.parse('2025-11-25T12:00:00Z')],
  ] as const)('in the last %i %s starts at the right time', (unit, value, from) => {
    expect(eventWindow({ condition_type: 'in_the_last', value, unit }, NOW)).toEqual({
      from,
      to: null,
    });
    expect(eventWindow({ condition_type: 'more_than', value, unit }, NOW)).toEqual({
      from: null,
      to: from,
    });
  });

  it('between N and M units ago, a date range of whole days, and any time', () => {
    expect(
      eventWindow({ condition_type: 'between', value: { from: 1, to: 3 }, unit: 'days' }, NOW),
    ).toEqual({
      from: NOW - 3 * DAY,
      to: NOW - DAY,
    });
    expect(
      eventWindow(
        { condition_type: 'date_range', value: { from: '2026-11-01', to: '2026-11-02' } },
        NOW,
      ),
    ).toEqual({ from: Date.parse('2026-11-01T00:00:00Z'), to: Date.parse('2026-11-03T00:00:00Z') });
    expect(eventWindow({ condition_type: 'anytime' }, NOW)).toEqual({ from: null, to: null });
  });
});

describe('trigger operator, audience and display rules', () => {
  const url = 'https://shop.example.com/app';

  it('joins the triggers by AND or OR; the audience must hold as well', () => {
    const both = (op: 'AND' | 'OR') =>
      candidate(1, {
        condition: {
          trigger_conditions: [aUrlTrigger({ value: '/app' }), aCustomerTrigger({ value: 'pro' })],
          trigger_operator: op,
        },
      });
    const free = facts({ profile: { plan: 'free' } });
    expect(triggersHold(both('AND'), url, free, NOW)).toBe(false);
    expect(triggersHold(both('OR'), url, free, NOW)).toBe(true);
    const withAudience = candidate(2, {
      attribute_conditions: [{ customer_key: 'country', condition_type: 'exact', value: 'DE' }],
    });
    expect(triggersHold(withAudience, url, facts({ profile: { country: 'de' } }), NOW)).toBe(true);
    expect(triggersHold(withAudience, url, facts({ profile: { country: 'FR' } }), NOW)).toBe(false);
  });

  it('counts the events of an event condition through the facts', () => {
    const ev = anEventCondition({
      event_code: 'order_placed',
      frequency: { condition_type: 'at_least', value: 2 },
      timeframe: { condition_type: 'anytime' },
    });
    const c = candidate(1, {
      condition: {
        trigger_conditions: [{ trigger_type: 'event', conditions: [ev] }],
        trigger_operator: 'AND',
      },
    });
    expect(triggersHold(c, url, facts({ eventCount: () => 1 }), NOW)).toBe(false);
    expect(
      triggersHold(
        c,
        url,
        facts({ eventCount: (id, cond) => (id === 1 && cond === ev ? 2 : 0) }),
        NOW,
      ),
    ).toBe(true);
  });

  it.each([
    ['once', null, 0, true],
    ['once', null, 1, false],
    ['every_time', null, 9, true],
    ['custom', 3, 2, true],
    ['custom', 3, 3, false],
    ['custom', '2', 1, true],
    ['custom', 'x', 0, false],
  ] as const)(
    'display %s (%j) after %i sessions → %s',
    (display_type, display_times, before, expected) => {
      expect(displayAllows(candidate(1, { display_type, display_times }), before)).toBe(expected);
    },
  );
});

describe('choosing among tours', () => {
  const url = 'https://shop.example.com/';
  it('takes the highest priority, then the most recently published', () => {
    const older = candidate(1, { priority: 5 }, new Date(NOW - 2 * DAY));
    const newer = candidate(2, { priority: 5 }, new Date(NOW - DAY));
    const low = candidate(3, { priority: 1 }, new Date(NOW));
    expect(chooseFlow([older, low, newer], url, facts(), NOW)?.id).toBe(2);
    expect(chooseFlow([older, low], url, facts(), NOW)?.id).toBe(1);
  });

  it('skips tours whose display rule or triggers refuse, and tours without steps', () => {
    const seen = candidate(1, { display_type: 'once', priority: 9 });
    const empty = candidate(2, { steps: [], priority: 8 });
    const elsewhere = candidate(3, {
      priority: 7,
      condition: aFlowCondition(aUrlTrigger({ value: '/pricing' })),
    });
    const fallback = candidate(4, { priority: 0 });
    const f = facts({ sessionsOf: (id) => (id === 1 ? 1 : 0) });
    expect(chooseFlow([seen, empty, elsewhere, fallback], url, f, NOW)?.id).toBe(4);
    expect(chooseFlow([seen, empty, elsewhere], url, f, NOW)).toBeNull();
  });
});

describe('stillPossible: what is in play before anything is read', () => {
  const ids = (cs: Candidate[]) => cs.map((c) => c.id);
  const never = () => 0;
  type Triggers = Candidate['definition']['condition']['trigger_conditions'];
  const planIs = aCustomerTrigger();
  const when = (id: number, triggers: Triggers, over: Partial<Candidate['definition']> = {}) =>
    candidate(id, {
      condition: { trigger_conditions: triggers, trigger_operator: 'AND' },
      ...over,
    });
  it('keeps the tours whose URL triggers hold: all of them under AND, one under OR', () => {
    const app = aUrlTrigger(aUrlCondition({ value: '/app' }));
    const billing = aUrlTrigger(aUrlCondition({ value: '/billing' }));
    const or = (id: number, ...t: Triggers) =>
      candidate(id, { condition: { trigger_conditions: t, trigger_operator: 'OR' } });
    const tours = [
      when(1, [app]),
      when(2, [app, billing]),
      or(3, app, billing),
      or(4, billing, planIs), // a trigger read later (the profile) keeps it in play
      or(5, billing),
      when(6, []),
      when(7, [app, planIs]),
    ];
    expect(ids(stillPossible(tours, 'https://a.io/app/x', never))).toEqual([1, 3, 4, 6, 7]);
    expect(ids(stillPossible(tours, 'https://a.io/billing', never))).toEqual([3, 4, 5, 6]);
  });

  it('reads the same rows against each new URL (nothing of one URL is kept for the next)', () => {
    const rows = [
      aUrlCondition({ value: '/app' }),
      aUrlCondition({ value: '/app/settings', type: 'excludes' }),
    ];
    const tour = [when(1, [aUrlTrigger(...rows)])];
    expect(ids(stillPossible(tour, 'https://a.io/app', never))).toEqual([1]);
    expect(ids(stillPossible(tour, 'https://a.io/app/settings', never))).toEqual([]);
    expect(ids(stillPossible(tour, 'https://a.io/home', never))).toEqual([]);
    expect(ids(stillPossible(tour, 'https://a.io/APP/x', never))).toEqual([1]);
    // An include with an empty value never matches, and still counts as an include.
    const blank = [when(2, [aUrlTrigger(aUrlCondition({ value: '  ' }))])];
    expect(ids(stillPossible(blank, 'https://a.io/app', never))).toEqual([]);
  });

  it('drops tours without steps and those whose display rule allows no more sessions', () => {
    const tours = [
      when(1, [], { display_type: 'once' }),
      when(2, [], { steps: [] }),
      when(3, [], { display_type: 'custom', display_times: 2 }),
    ];
    expect(ids(stillPossible(tours, 'https://a.io/', never))).toEqual([1, 3]);
    expect(ids(stillPossible(tours, 'https://a.io/', (id) => (id === 3 ? 2 : 1)))).toEqual([]);
    expect(ids(stillPossible(tours, 'https://a.io/', (id) => (id === 3 ? 1 : 0)))).toEqual([1, 3]);
  });
});
