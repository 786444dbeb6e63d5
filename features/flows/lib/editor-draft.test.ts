import { describe, expect, it } from 'vitest';
import type { FlowBody } from '@/lib/contracts/flows';
import { withStepMoved } from './editor-draft';
import { flowToGraph } from './graph';
import { newDraft } from './new-draft';
import { aButton, aStep } from '@/tests/fixtures/flows';

const flow = (positions: FlowBody['layout']['positions'] = {}): FlowBody => ({
  ...newDraft(1),
  steps: [
    aStep({
      id: 'a',
      buttons: [aButton({ id: 'b_a', actions: [{ type: 'goto', reference_step: 'c' }] })],
    }),
    aStep({ id: 'b' }),
    aStep({
      id: 'c',
      buttons: [aButton({ id: 'b_c', actions: [{ type: 'goto', reference_step: 'a' }] })],
    }),
  ],
  layout: { positions },
});
const ids = (f: FlowBody) => f.steps.map((s) => s.id);

describe('withStepMoved', () => {
  it('moves a step one place up or down in the step order', () => {
    expect(ids(withStepMoved(flow(), 'b', -1))).toEqual(['b', 'a', 'c']);
    expect(ids(withStepMoved(flow(), 'b', 1))).toEqual(['a', 'c', 'b']);
  });

  it('changes nothing at either end or for an unknown step', () => {
    const f = flow();
    expect(withStepMoved(f, 'a', -1)).toBe(f);
    expect(withStepMoved(f, 'c', 1)).toBe(f);
    expect(withStepMoved(f, 'zzz', 1)).toBe(f);
  });

  it('keeps goto actions on the steps they name', () => {
    const moved = withStepMoved(flow(), 'c', -1);
    expect(moved.steps.find((s) => s.id === 'a')!.buttons[0]!.actions[0]).toEqual({
      type: 'goto',
      reference_step: 'c',
    });
    expect(flowToGraph(moved).edges.map((e) => e.id)).toEqual([
      'order:event-trigger->a',
      'order:a->c',
      'order:c->b',
      'order:b->add-step',
      'goto:a->c',
      'goto:c->a',
    ]);
  });

  it('swaps the canvas places of the two steps', () => {
    const moved = withStepMoved(flow({ a: { x: 1, y: 1 }, b: { x: 2, y: 2 } }), 'b', -1);
    expect(moved.layout.positions).toEqual({ a: { x: 2, y: 2 }, b: { x: 1, y: 1 } });
    const one = withStepMoved(flow({ b: { x: 2, y: 2 }, 'add-step': { x: 9, y: 9 } }), 'b', 1);
    expect(one.layout.positions).toEqual({ c: { x: 2, y: 2 }, 'add-step': { x: 9, y: 9 } });
  });
});
