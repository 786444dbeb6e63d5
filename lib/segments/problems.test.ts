import { describe, expect, it } from 'vitest';
import { MAX_SEGMENT_DEPTH, segmentDefinitionSchema } from '../contracts/segments';
import { MESSAGES } from '../messages';
import { segmentProblemList, segmentProblems } from './problems';
import { referencedBy, referenceProblem, type SegmentNode } from './references';

const M = MESSAGES.flows;
const customer = (value: unknown, condition_type = '=', customer_key = 'plan') => ({
  type: 'customer' as const,
  customer_key,
  condition_type,
  value,
});
const event = (over: Record<string, unknown> = {}) => ({
  type: 'event' as const,
  event_code: 'order_completed',
  frequency: { condition_type: 'at_least', value: 2 },
  timeframe: { condition_type: 'in_the_last', value: 30, unit: 'days' },
  attribute_conditions: [],
  ...over,
});
const ref = (segment_id: number, negate = false) => ({
  type: 'segment' as const,
  segment_id,
  negate,
});
const def = (...conditions: unknown[]) =>
  segmentDefinitionSchema.parse({ operator: 'AND', conditions });

describe('segmentProblems', () => {
  it('passes a definition of every kind of condition', () => {
    const d = def(customer('pro', 'exact'), event(), ref(4, true), {
      type: 'group',
      operator: 'OR',
      conditions: [customer(null, 'empty'), ref(5)],
    });
    expect(segmentProblems(d)).toBeNull();
  });

  it('answers the first problem with its path, nested ones included', () => {
    const d = def(customer('pro', 'exact'), {
      type: 'group',
      operator: 'OR',
      conditions: [customer('ten', '>'), customer('', 'exact')],
    });
    expect(segmentProblems(d)).toEqual({
      path: 'definition.conditions.1.conditions.0.value',
      message: M.valueNumber,
    });
    expect(segmentProblemList(d).map((p) => p.path)).toEqual([
      'definition.conditions.1.conditions.0.value',
      'definition.conditions.1.conditions.1.value',
    ]);
  });

  it('refuses empty definitions and groups, and conditions without an attribute', () => {
    expect(segmentProblems(def())).toEqual({
      path: 'definition.conditions',
      message: MESSAGES.segments.noConditions,
    });
    expect(segmentProblems(def({ type: 'group', operator: 'AND', conditions: [] }))?.path).toBe(
      'definition.conditions.0.conditions',
    );
    expect(segmentProblems(def(customer('x', 'exact', ' ')))).toEqual({
      path: 'definition.conditions.0.customer_key',
      message: MESSAGES.segments.attributeRequired,
    });
  });

  it('checks event conditions field by field with the flow messages', () => {
    const at = (over: Record<string, unknown>) => segmentProblems(def(customer(1), event(over)));
    expect(at({ event_code: '' })).toEqual({
      path: 'definition.conditions.1.event_code',
      message: M.eventCodeRequired,
    });
    expect(at({ frequency: { condition_type: 'at_least', value: null } })).toEqual({
      path: 'definition.conditions.1.frequency.value',
      message: M.frequencyRequired,
    });
    expect(at({ frequency: { condition_type: null, value: 1 } })?.path).toBe(
      'definition.conditions.1.frequency.condition_type',
    );
    expect(at({ frequency: { condition_type: 'between', value: { from: 3, to: 2 } } })).toEqual({
      path: 'definition.conditions.1.frequency.value',
      message: M.betweenOrder,
    });
    expect(at({ timeframe: { condition_type: 'in_the_last', value: 0, unit: 'days' } })).toEqual({
      path: 'definition.conditions.1.timeframe.value',
      message: M.timeRangeAtLeastOne,
    });
    expect(
      at({
        attribute_conditions: [{ attribute_key: 'total', condition_type: '>', value: 'x' }],
      }),
    ).toEqual({
      path: 'definition.conditions.1.attribute_conditions.0.value',
      message: M.valueNumber,
    });
    expect(at({ event_id: 0 })?.path).toBe('definition.conditions.1.event_id');
    expect(at({})).toBeNull();
  });

  it('the schema refuses a group inside a group and more than 20 conditions', () => {
    const nested = { type: 'group', operator: 'AND', conditions: [customer(1)] };
    expect(
      segmentDefinitionSchema.safeParse({
        operator: 'AND',
        conditions: [{ type: 'group', operator: 'AND', conditions: [nested] }],
      }).success,
    ).toBe(false);
    const many = { operator: 'OR', conditions: Array.from({ length: 21 }, () => customer(1)) };
    const parsed = segmentDefinitionSchema.safeParse(many);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(MESSAGES.segments.maxConditions(20));
  });
});

describe('referenceProblem', () => {
  const node = (id: number, ...refs: number[]): SegmentNode => ({
    id,
    name: `S${id}`,
    definition: def(customer(1), ...refs.map((r) => ref(r))),
  });

  it('refuses unknown segments and itself at the condition path', () => {
    const others = [node(1)];
    expect(referenceProblem({ name: 'New', definition: def(ref(9)) }, others)).toEqual({
      path: 'definition.conditions.0.segment_id',
      message: MESSAGES.segments.unknownSegment,
    });
    expect(
      referenceProblem(
        {
          id: 1,
          name: 'S1',
          definition: def(customer(1), { type: 'group', operator: 'OR', conditions: [ref(1)] }),
        },
        [],
      ),
    ).toEqual({
      path: 'definition.conditions.1.conditions.0.segment_id',
      message: MESSAGES.segments.selfReference,
    });
  });

  it('refuses a cycle, naming its segments', () => {
    const others = [node(2, 3), node(3)];
    const p = referenceProblem({ id: 3, name: 'S3', definition: def(ref(2)) }, others);
    expect(p).toEqual({
      path: 'definition.conditions.0.segment_id',
      message: MESSAGES.segments.cycle('"S3" → "S2" → "S3"'),
    });
  });

  it(`allows chains of ${MAX_SEGMENT_DEPTH} segments and no longer, counting those above`, () => {
    const others = [node(1), node(2, 1)];
    expect(referenceProblem({ name: 'Top', definition: def(ref(2)) }, others)).toBeNull();
    expect(referenceProblem({ name: 'Top', definition: def(ref(1)) }, others)).toBeNull();
    const chain = [...others, node(3, 2)];
    expect(referenceProblem({ name: 'Top', definition: def(ref(3)) }, chain)).toEqual({
      path: 'definition.conditions.0.segment_id',
      message: MESSAGES.segments.tooDeep(MAX_SEGMENT_DEPTH),
    });
    // S1 gains a reference: S3 → S2 → S1 → S4 is four deep.
    const withLeaf = [...chain.filter((s) => s.id !== 1), node(4)];
    expect(
      referenceProblem({ id: 1, name: 'S1', definition: def(ref(4)) }, withLeaf)?.message,
    ).toBe(MESSAGES.segments.tooDeep(MAX_SEGMENT_DEPTH));
  });

  it('finds who includes a segment', () => {
    expect(referencedBy(1, [node(1), node(2, 1)])?.name).toBe('S2');
    expect(referencedBy(2, [node(1), node(2, 1)])).toBeUndefined();
  });
});
