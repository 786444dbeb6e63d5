import { describe, expect, it } from 'vitest';
import { actionSchema, flowSchema, stepSchema } from '../contracts/flows';
import { MESSAGES } from '../messages';
import { flowProblems, stepProblems } from './checks';
// eslint-disable-next-line import/no-restricted-paths -- a test of lib/ may use the shared fixtures
import { aButton, aFlow, aStep } from '../../tests/fixtures/flows';

const M = MESSAGES.flows;
const back = aButton({ id: 'back', actions: [{ type: 'back' }] });

describe('step options in the contract (docs/flows.md, "Step options")', () => {
  it('keeps placement, offset, spotlight and progress', () => {
    const step = stepSchema.parse({
      ...aStep({ type: 'tool_tip' }),
      tooltip_placement: 'left',
      tooltip_offset: 24,
      spotlight: true,
      show_progress: true,
    });
    expect(step).toMatchObject({
      tooltip_placement: 'left',
      tooltip_offset: 24,
      spotlight: true,
      show_progress: true,
    });
  });

  it('refuses an unknown placement and an offset outside 0–64 px', () => {
    expect(stepSchema.safeParse({ ...aStep(), tooltip_placement: 'middle' }).success).toBe(false);
    for (const offset of [-1, 65, 1.5]) {
      const parsed = stepSchema.safeParse({ ...aStep(), tooltip_offset: offset });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(M.tooltipOffset(64));
    }
    expect(stepSchema.safeParse({ ...aStep(), tooltip_offset: 0 }).success).toBe(true);
    expect(stepSchema.safeParse({ ...aStep(), tooltip_offset: 64 }).success).toBe(true);
  });

  it('a step stored before the options loads unchanged (no field added)', () => {
    const stored = {
      id: 's1',
      type: 'tool_tip',
      content: '<p>Hi</p>',
      buttons: [],
      select_element: { url: '/', selector: '#buy' },
      element_actions: [],
    };
    const flow = flowSchema.parse({
      ...aFlow(),
      steps: [stored],
      id: 1,
      status: 'published',
      created_at: '2026-01-01',
      updated_at: '2026-01-01',
    });
    expect(flow.steps[0]).toEqual(stored);
  });

  it('Back is an action beside goto, dismiss and navigation', () => {
    expect(actionSchema.parse({ type: 'back' })).toEqual({ type: 'back' });
  });
});

describe('Back on the first step (docs/flows.md, "Step options")', () => {
  const steps = [aStep({ id: 's1' }), aStep({ id: 's2', buttons: [back] })];

  it('is refused on the first step, on a button or an element action', () => {
    expect(stepProblems(aStep({ id: 's1', buttons: [back] }), ['s1', 's2'])).toEqual([
      M.backOnFirstStep,
    ]);
    const tip = aStep({
      id: 's1',
      type: 'tool_tip',
      select_element: { url: '/', selector: '#buy' },
      element_actions: [{ type: 'back' }],
    });
    expect(stepProblems(tip, ['s1'])).toEqual([M.backOnFirstStep]);
    expect(flowProblems(aFlow({ steps: [steps[1]!, steps[0]!] }))).toEqual([M.backOnFirstStep]);
  });

  it('is fine on a later step', () => {
    expect(flowProblems(aFlow({ steps }))).toEqual([]);
  });
});
