import { describe, expect, it } from 'vitest';
import type {
  SegmentCondition,
  SegmentDefinition,
  SegmentEventCondition,
  SegmentRefCondition,
} from '@/lib/contracts/segments';
import {
  eventConditionsOf,
  segmentHolds,
  SegmentNotEvaluable,
  type SegmentFacts,
} from '@/server/modules/segments/engine/evaluate';

/** The single-visitor evaluator of segments (docs/segments.md, "Engine"). */

const NOW = Date.parse('2026-11-28T12:00:00Z');

const plan = (value: string): SegmentCondition => ({
  type: 'customer',
  customer_key: 'plan',
  condition_type: 'exact',
  value,
});
const orders = (
  condition_type: 'at_least' | 'at_most' | 'exactly',
  value: number,
): SegmentEventCondition => ({
  type: 'event',
  event_id: null,
  event_code: 'Order',
  frequency: { condition_type, value },
  timeframe: { condition_type: 'in_the_last', value: 30, unit: 'days' },
  attribute_conditions: [],
  attribute_condition_operator: 'AND',
});
const ref = (segment_id: number, negate = false): SegmentRefCondition => ({
  type: 'segment',
  segment_id,
  negate,
});
const def = (operator: 'AND' | 'OR', ...conditions: SegmentCondition[]): SegmentDefinition => ({
  operator,
  conditions,
});

const facts = (plan: string | undefined, orderCount: number): SegmentFacts => ({
  profile: plan === undefined ? {} : { plan },
  eventCount: (c) => (c.event_code === 'Order' ? orderCount : 0),
});
const none = () => undefined;

describe('segmentHolds', () => {
  it('reads a customer condition as the flow decision does (case-insensitive exact)', () => {
    expect(segmentHolds(def('AND', plan('pro')), facts('PRO', 0), NOW, none)).toBe(true);
    expect(segmentHolds(def('AND', plan('pro')), facts('free', 0), NOW, none)).toBe(false);
  });

  it('reads an event condition by its frequency, a customer without events counting 0', () => {
    expect(segmentHolds(def('AND', orders('at_least', 2)), facts('pro', 2), NOW, none)).toBe(true);
    expect(segmentHolds(def('AND', orders('at_least', 2)), facts('pro', 1), NOW, none)).toBe(false);
    expect(segmentHolds(def('AND', orders('at_most', 0)), facts(undefined, 0), NOW, none)).toBe(
      true,
    );
    expect(segmentHolds(def('AND', orders('exactly', 1)), facts('pro', 2), NOW, none)).toBe(false);
  });

  it('joins conditions of both kinds with AND or OR, and groups one level deep', () => {
    const and = def('AND', plan('pro'), orders('at_least', 2));
    const or = def('OR', plan('pro'), orders('at_least', 2));
    expect(segmentHolds(and, facts('pro', 1), NOW, none)).toBe(false);
    expect(segmentHolds(or, facts('pro', 1), NOW, none)).toBe(true);
    expect(segmentHolds(or, facts('free', 3), NOW, none)).toBe(true);
    expect(segmentHolds(or, facts('free', 0), NOW, none)).toBe(false);
    const grouped = def('AND', plan('pro'), {
      type: 'group',
      operator: 'OR',
      conditions: [orders('at_least', 5), orders('at_most', 0)],
    });
    expect(segmentHolds(grouped, facts('pro', 0), NOW, none)).toBe(true);
    expect(segmentHolds(grouped, facts('pro', 2), NOW, none)).toBe(false);
    expect(segmentHolds(grouped, facts('pro', 6), NOW, none)).toBe(true);
  });

  it('holds for everyone without conditions', () => {
    expect(segmentHolds(def('OR'), facts(undefined, 0), NOW, none)).toBe(true);
  });

  it('reads a referenced segment, negated or not, up to three levels deep', () => {
    const segments = new Map<number, SegmentDefinition>([
      [1, def('AND', plan('pro'))],
      [2, def('AND', ref(1))],
      [3, def('AND', ref(2))],
    ]);
    const resolve = (id: number) => segments.get(id);
    expect(segmentHolds(def('AND', ref(1)), facts('pro', 0), NOW, resolve)).toBe(true);
    expect(segmentHolds(def('AND', ref(1, true)), facts('pro', 0), NOW, resolve)).toBe(false);
    expect(segmentHolds(def('AND', ref(1, true)), facts('free', 0), NOW, resolve)).toBe(true);
    // 0 → 2 → 1: three levels.
    expect(segmentHolds(def('AND', ref(2)), facts('pro', 0), NOW, resolve)).toBe(true);
    // 0 → 3 → 2 → 1: four levels, refused.
    expect(() => segmentHolds(def('AND', ref(3)), facts('pro', 0), NOW, resolve)).toThrow(
      SegmentNotEvaluable,
    );
  });

  it('refuses an unknown segment and a cycle instead of skipping them', () => {
    expect(() => segmentHolds(def('OR', ref(9), plan('pro')), facts('pro', 0), NOW, none)).toThrow(
      SegmentNotEvaluable,
    );
    const cycle = new Map<number, SegmentDefinition>([
      [1, def('AND', ref(2))],
      [2, def('AND', ref(1))],
    ]);
    expect(() =>
      segmentHolds(def('AND', ref(1)), facts('pro', 0), NOW, (id) => cycle.get(id)),
    ).toThrow(SegmentNotEvaluable);
  });
});

describe('eventConditionsOf', () => {
  it('lists the event conditions of the definition, its groups and its referenced segments', () => {
    const inner = orders('at_least', 1);
    const top = orders('at_most', 3);
    const grouped = orders('exactly', 2);
    const segments = new Map<number, SegmentDefinition>([[1, def('AND', inner, plan('pro'))]]);
    const found = eventConditionsOf(
      def('OR', top, { type: 'group', operator: 'AND', conditions: [grouped, ref(1)] }),
      (id) => segments.get(id),
    );
    expect(found).toEqual([top, grouped, inner]);
    expect(found[2]).toBe(inner);
  });
});
