import { describe, expect, it } from 'vitest';
import { flowBody, MAX_SEGMENT_TRIGGER_CONDITIONS } from '../contracts/flows';
import { MESSAGES } from '../messages';
import { flowProblems } from './checks';
// eslint-disable-next-line import/no-restricted-paths -- a test of lib/ may use the shared fixtures
import { aFlow, aFlowCondition, aSegmentTrigger } from '../../tests/fixtures/flows';

/** The segment trigger in the flow contract (docs/flows.md, "Segment trigger"). */
describe('segment trigger contract', () => {
  const withSegments = (conditions: unknown[]) => ({
    ...aFlow(),
    condition: {
      trigger_conditions: [{ trigger_type: 'segment', conditions }],
      trigger_operator: 'AND',
    },
  });

  it('reads {trigger_type: segment, conditions: [{segment_id, negate}]}, negate false by default', () => {
    const r = flowBody.safeParse(
      withSegments([{ segment_id: 7 }, { segment_id: 8, negate: true }]),
    );
    expect(r.success).toBe(true);
    expect(r.data?.condition.trigger_conditions[0]).toEqual({
      trigger_type: 'segment',
      conditions: [
        { segment_id: 7, negate: false },
        { segment_id: 8, negate: true },
      ],
    });
  });

  it(`holds at most ${MAX_SEGMENT_TRIGGER_CONDITIONS} segments`, () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => ({ segment_id: i + 1 }));
    expect(flowBody.safeParse(withSegments(ids(5))).success).toBe(true);
    const r = flowBody.safeParse(withSegments(ids(6)));
    expect(r.error?.issues[0]?.message).toBe(MESSAGES.flows.maxSegmentConditions(5));
  });

  it.each([0, -1, 1.5, '3', null])('refuses the segment id %j', (segment_id) => {
    expect(flowBody.safeParse(withSegments([{ segment_id }])).success).toBe(false);
  });

  it('counts as a trigger for publishing; an empty one does not', () => {
    const one = aFlow({ condition: aFlowCondition(aSegmentTrigger({ segment_id: 3 })) });
    expect(flowProblems(one)).toEqual([]);
    const none = aFlow({ condition: aFlowCondition(aSegmentTrigger()) });
    expect(flowProblems(none)).toEqual([MESSAGES.flows.noTrigger]);
  });
});
