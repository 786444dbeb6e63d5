import { describe, expect, it } from 'vitest';
import type { FlowBody } from '@/lib/contracts/flows';
import {
  COALESCE_MS,
  emptyHistory,
  HISTORY_LIMIT,
  recordChange,
  redoChange,
  typingKey,
  undoChange,
} from './history';
import { newDraft } from './new-draft';
import { aStep } from '@/tests/fixtures/flows';

const base: FlowBody = {
  ...newDraft(1),
  steps: [aStep({ id: 'a', content: '' }), aStep({ id: 'b', content: '' })],
};
const withContent = (flow: FlowBody, id: string, content: string): FlowBody => ({
  ...flow,
  steps: flow.steps.map((s) => (s.id === id ? { ...s, content } : s)),
});

describe('typingKey', () => {
  it('names the one text field a change types in', () => {
    expect(typingKey(base, { ...base, name: 'Tour' })).toBe('name');
    expect(typingKey(base, { ...base, priority: 3 })).toBe('priority');
    expect(typingKey(base, withContent(base, 'b', '<p>x</p>'))).toBe('step:b:content');
    const typed = { ...base.steps[0]!, type: 'banner' as const };
    expect(typingKey(base, { ...base, steps: [typed, base.steps[1]!] })).toBe('step:a:type');
  });

  it('is null for any other change', () => {
    expect(typingKey(base, { ...base, name: 'Tour', priority: 3 })).toBeNull();
    expect(
      typingKey(base, { ...base, steps: [...base.steps, aStep({ id: 'c', content: '' })] }),
    ).toBeNull();
    expect(typingKey(base, { ...base, steps: [base.steps[1]!, base.steps[0]!] })).toBeNull();
    expect(typingKey(base, { ...base, layout: { positions: { a: { x: 1, y: 1 } } } })).toBeNull();
    const buttons = { ...base.steps[0]!, buttons: [] };
    expect(typingKey(base, { ...base, steps: [buttons, base.steps[1]!] })).toBeNull();
  });
});

describe('undo history', () => {
  it('undoes and redoes changes in order; a new change forgets what could be redone', () => {
    const one = { ...base, name: 'One' };
    const two = { ...one, steps: [...one.steps, aStep({ id: 'c', content: '' })] };
    let h = recordChange(emptyHistory(), base, one, 0);
    h = recordChange(h, one, two, 5000);
    const back = undoChange(h, two)!;
    expect(back.draft).toBe(one);
    const backAgain = undoChange(back.history, back.draft)!;
    expect(backAgain.draft).toBe(base);
    expect(undoChange(backAgain.history, backAgain.draft)).toBeNull();
    const forward = redoChange(backAgain.history, backAgain.draft)!;
    expect(forward.draft).toBe(one);
    expect(redoChange(forward.history, forward.draft)!.draft).toBe(two);

    const other = { ...one, priority: 9 };
    const after = recordChange(forward.history, one, other, 9000);
    expect(after.future).toEqual([]);
    expect(redoChange(after, other)).toBeNull();
  });

  it('joins quick keystrokes in one field into one change, but not slow ones or other fields', () => {
    const a1 = withContent(base, 'a', '<p>H</p>');
    const a2 = withContent(a1, 'a', '<p>Hi</p>');
    const a3 = withContent(a2, 'a', '<p>Hi!</p>');
    let h = recordChange(emptyHistory(), base, a1, 0);
    h = recordChange(h, a1, a2, 300);
    h = recordChange(h, a2, a3, 600);
    expect(h.past).toEqual([base]);

    const b1 = withContent(a3, 'b', '<p>B</p>');
    h = recordChange(h, a3, b1, 700);
    expect(h.past).toEqual([base, a3]);

    const b2 = withContent(b1, 'b', '<p>Bye</p>');
    h = recordChange(h, b1, b2, 700 + COALESCE_MS + 1);
    expect(h.past).toEqual([base, a3, b1]);
  });

  it(`keeps the last ${HISTORY_LIMIT} changes`, () => {
    let h = emptyHistory();
    let flow = base;
    for (let i = 1; i <= HISTORY_LIMIT + 10; i += 1) {
      const next = { ...flow, steps: [...flow.steps, aStep({ id: `s${i}`, content: '' })] };
      h = recordChange(h, flow, next, i * 10_000);
      flow = next;
    }
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]!.steps).toHaveLength(2 + 10);
  });
});
