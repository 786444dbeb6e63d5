import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { answerProblem, builderProblems } from './problems';

describe('builder problems', () => {
  it('checks the name, the definition (the server checks) and an unchosen segment, in that order', () => {
    const found = builderProblems(' ', {
      operator: 'AND',
      conditions: [
        { type: 'segment', segment_id: 0, negate: false },
        { type: 'customer', customer_key: '', condition_type: 'exact', value: 'x' },
        {
          type: 'group',
          operator: 'OR',
          conditions: [{ type: 'segment', segment_id: 0, negate: true }],
        },
      ],
    });
    expect(found.map((p) => p.path)).toEqual([
      'name',
      'definition.conditions.1.customer_key',
      'definition.conditions.0.segment_id',
      'definition.conditions.2.conditions.0.segment_id',
    ]);
    expect(found[1].message).toBe(MESSAGES.segments.attributeRequired);
    expect(found[2].message).toBe(MESSAGES.segments.segmentRequired);
  });

  it('says "Add at least one condition." for an empty definition, and nothing for a complete one', () => {
    expect(builderProblems('Pro', { operator: 'AND', conditions: [] })).toEqual([
      { path: 'definition.conditions', message: MESSAGES.segments.noConditions },
    ]);
    expect(
      builderProblems('Pro', {
        operator: 'AND',
        conditions: [{ type: 'segment', segment_id: 3, negate: false }],
      }),
    ).toEqual([]);
  });

  it('reads the path of a refused save from the answer', () => {
    expect(
      answerProblem({ details: [{ path: 'name', message: MESSAGES.segments.nameTaken }] }, 'x'),
    ).toEqual({ path: 'name', message: MESSAGES.segments.nameTaken });
    expect(answerProblem({ message: 'Boom' }, 'Boom')).toBeNull();
    expect(answerProblem(null, 'Boom')).toBeNull();
  });
});
