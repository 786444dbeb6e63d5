import { describe, expect, it } from 'vitest';
import type { SegmentDefinitionInput } from '@/lib/contracts/segments';
import {
  append,
  fromDraft,
  isGroup,
  leaf,
  newGroup,
  problemAt,
  removeAt,
  replaceAt,
  setOperator,
  toDraft,
  type DraftLeaf,
} from './draft';

const plan = {
  type: 'customer',
  customer_key: 'plan',
  condition_type: 'exact',
  value: 'pro',
} as const;
const seats = { type: 'customer', customer_key: 'seats', condition_type: '>', value: 5 } as const;
const vip = { type: 'segment', segment_id: 7, negate: true } as const;
const definition: SegmentDefinitionInput = {
  operator: 'OR',
  conditions: [plan, { type: 'group', operator: 'AND', conditions: [seats, vip] }],
};

describe('segment draft', () => {
  it('round-trips a definition, groups included, and gives every row its own key', () => {
    const draft = toDraft(definition);
    expect(fromDraft(draft)).toEqual(definition);
    const group = draft.items[1];
    if (!isGroup(group)) throw new Error('a group');
    const keys = [draft.items[0].key, group.key, ...group.group.items.map((i) => i.key)];
    expect(new Set(keys).size).toBe(4);
  });

  it('removes one row and leaves the others, keys included, at the top and in a group', () => {
    const draft = toDraft({ operator: 'AND', conditions: [plan, seats, vip] });
    const [first, , third] = draft.items;
    const removed = removeAt(draft, { index: 1 });
    expect(removed.items).toEqual([first, third]);

    const grouped = toDraft(definition);
    const inner = removeAt(grouped, { index: 1, inner: 0 });
    expect(fromDraft(inner).conditions[1]).toEqual({
      type: 'group',
      operator: 'AND',
      conditions: [vip],
    });
    expect(inner.items[0]).toBe(grouped.items[0]);
  });

  it('replaces one row by several (an attribute dialog saved with more rows)', () => {
    const draft = toDraft({ operator: 'AND', conditions: [plan, vip] });
    const next = replaceAt(draft, { index: 0 }, [leaf(plan), leaf(seats)]);
    expect(fromDraft(next).conditions).toEqual([plan, seats, vip]);
  });

  it('appends to the top level or into a group (never a group into a group), and sets operators', () => {
    let draft = append(toDraft({ operator: 'AND', conditions: [plan] }), [newGroup()]);
    draft = append(draft, [leaf(seats), newGroup()], 1);
    draft = setOperator(setOperator(draft, 'OR'), 'AND', 1);
    expect(fromDraft(draft)).toEqual({
      operator: 'OR',
      conditions: [plan, { type: 'group', operator: 'AND', conditions: [seats] }],
    });
    const group = draft.items[1];
    expect(isGroup(group) && group.group.items.every((i: DraftLeaf) => !isGroup(i))).toBe(true);
  });

  it('finds the problem of a row at its path or under it', () => {
    const problems = [
      { path: 'definition.conditions.1.conditions.0.value', message: 'Value is required' },
      { path: 'definition.conditions.10.customer_key', message: 'Attribute is required' },
    ];
    expect(problemAt(problems, 'definition.conditions.1.conditions.0')).toBe('Value is required');
    expect(problemAt(problems, 'definition.conditions.1')).toBe('Value is required');
    expect(problemAt(problems, 'definition.conditions.0')).toBeUndefined();
    expect(problemAt(problems, 'definition.conditions.10')).toBe('Attribute is required');
  });
});
