import { describe, expect, it } from 'vitest';
import type { EventCondition } from '../../../../lib/contracts/flows';
import type { SegmentDefinition, SegmentEventCondition } from '../../../../lib/contracts/segments';
import { chooseFlow, triggersHold, type Candidate, type VisitorFacts } from './decide';
import { readsNeeded } from './reads';
import { segmentEventConditions, segmentMembership, targetedSegments } from './segment-trigger';
import {
  aFlow,
  aFlowCondition,
  aSegmentTrigger,
  aStep,
  aUrlTrigger,
} from '../../../../tests/fixtures/flows';

/** The segment trigger in the decision (decide.ts) and its reads (segment-trigger.ts, reads.ts). */

const NOW = Date.parse('2026-11-28T12:00:00Z');
const url = 'https://shop.example.com/app';

const orders = (value: number, code = 'order_completed'): SegmentEventCondition => ({
  type: 'event',
  event_id: null,
  event_code: code,
  frequency: { condition_type: 'at_least', value },
  timeframe: { condition_type: 'in_the_last', value: 30, unit: 'days' },
  attribute_conditions: [{ attribute_key: 'total', condition_type: '>', value: 10 }],
  attribute_condition_operator: 'AND',
});
const twoOrders = orders(2);
const visits = orders(1, 'visit');
/** 1: pro with 2+ orders; 2: in 1 and a visit; 3: refers to a segment the product lacks. */
const definitions = new Map<number, SegmentDefinition>([
  [
    1,
    {
      operator: 'AND',
      conditions: [
        { type: 'customer', customer_key: 'plan', condition_type: 'exact', value: 'pro' },
        twoOrders,
      ],
    },
  ],
  [2, { operator: 'AND', conditions: [{ type: 'segment', segment_id: 1, negate: false }, visits] }],
  [3, { operator: 'AND', conditions: [{ type: 'segment', segment_id: 99, negate: false }] }],
]);

const candidate = (
  id: number,
  ...triggers: Candidate['definition']['condition']['trigger_conditions']
) =>
  ({
    id,
    publishedAt: new Date(NOW - id),
    definition: {
      ...aFlow({
        condition: aFlowCondition(...triggers),
        display_type: 'every_time',
        steps: [aStep({ content: '<p>Hi</p>' })],
      }),
    },
  }) as Candidate;

/** A visitor's facts with segment membership decided by the engine over them. */
function visitor(plan: string, counts: Map<EventCondition, number>): VisitorFacts {
  const profile = { plan };
  const eventCount = (c: EventCondition) => counts.get(c) ?? 0;
  return {
    profile,
    eventCount: (_id, c) => eventCount(c),
    sessionsOf: () => 0,
    inSegment: segmentMembership(definitions, { profile, eventCount }, NOW),
  };
}
const proBuyer = () => visitor('pro', new Map([[twoOrders, 2]]));
const proOneOrder = () => visitor('pro', new Map([[twoOrders, 1]]));
const freeBuyer = () => visitor('free', new Map([[twoOrders, 5]]));

describe('segment trigger in the decision', () => {
  it.each([
    ['in', false, proBuyer, true],
    ['in', false, proOneOrder, false],
    ['in', false, freeBuyer, false],
    ['not in', true, proBuyer, false],
    ['not in', true, proOneOrder, true],
    ['not in', true, freeBuyer, true],
  ] as const)('%s segment (negate %s), %o → %s', (_label, negate, who, expected) => {
    const c = candidate(1, aSegmentTrigger({ segment_id: 1, negate }));
    expect(triggersHold(c, url, who(), NOW)).toBe(expected);
  });

  it('needs every segment of one trigger, and nested segments count their events', () => {
    const both = candidate(1, aSegmentTrigger({ segment_id: 1 }, { segment_id: 2 }));
    expect(triggersHold(both, url, proBuyer(), NOW)).toBe(false);
    const visited = visitor(
      'pro',
      new Map([
        [twoOrders, 2],
        [visits, 1],
      ]),
    );
    expect(triggersHold(both, url, visited, NOW)).toBe(true);
  });

  it('a segment the engine cannot read holds neither in nor out', () => {
    for (const id of [3, 404])
      for (const negate of [false, true])
        expect(
          triggersHold(
            candidate(1, aSegmentTrigger({ segment_id: id, negate })),
            url,
            proBuyer(),
            NOW,
          ),
        ).toBe(false);
  });

  it('without segment facts a segment trigger never holds', () => {
    const { inSegment: _none, ...facts } = proBuyer();
    const c = candidate(1, aSegmentTrigger({ segment_id: 1, negate: true }));
    expect(triggersHold(c, url, facts, NOW)).toBe(false);
  });

  it('joins with the other triggers under the flow operator', () => {
    const c = candidate(
      1,
      aUrlTrigger({ value: '/elsewhere', condition_type: 'contains' }),
      aSegmentTrigger({ segment_id: 1 }),
    );
    expect(triggersHold(c, url, proBuyer(), NOW)).toBe(false);
    const or = {
      ...c,
      definition: {
        ...c.definition,
        condition: { ...c.definition.condition, trigger_operator: 'OR' as const },
      },
    };
    expect(triggersHold(or, url, proBuyer(), NOW)).toBe(true);
    expect(chooseFlow([or], url, proOneOrder(), NOW)).toBeNull();
  });

  it('decides each segment once a decision', () => {
    let reads = 0;
    const inSegment = segmentMembership(
      definitions,
      { profile: { plan: 'pro' }, eventCount: () => (reads++, 2) },
      NOW,
    );
    expect([inSegment(1), inSegment(1), inSegment(1)]).toEqual([true, true, true]);
    expect(reads).toBe(1);
  });
});

describe('segment trigger reads', () => {
  it('names the targeted segments and their event conditions, nested ones included', () => {
    const cs = [
      candidate(1, aSegmentTrigger({ segment_id: 2 })),
      candidate(2, aSegmentTrigger({ segment_id: 3 })),
    ];
    const ids = targetedSegments(cs);
    expect([...ids]).toEqual([2, 3]);
    expect(segmentEventConditions(ids, definitions)).toEqual([twoOrders, visits]);
  });

  it("reads the profile and the segments' event codes with the properties they filter on", () => {
    const cs = [candidate(1, aSegmentTrigger({ segment_id: 1 }))];
    const needs = readsNeeded(cs, NOW, {
      events: segmentEventConditions(targetedSegments(cs), definitions),
    });
    expect(needs.profile).toBe(true);
    expect(needs.events).toEqual(['order_completed']);
    expect([...needs.eventKeys.get('order_completed')!]).toEqual(['total']);
    expect(needs.from).toBe(NOW - 30 * 24 * 60 * 60 * 1000);
    expect(readsNeeded(cs, NOW).events).toEqual([]);
  });
});
