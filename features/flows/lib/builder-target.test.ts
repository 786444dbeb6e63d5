import { aFlow, aStep } from '../../../tests/fixtures/flows';
import { describe, expect, it } from 'vitest';
import type { BuilderTargetSaved } from '@/lib/contracts/builder';
import { defaultBuilderPage, gradeHint, GRADE_MEANINGS, withPickedTarget } from './builder-target';
import { emptyHistory } from './history';

const picked = {
  url: 'https://shop.example.com/cart',
  selector: '[data-testid="buy"]',
  text: 'Buy now',
  grade: 'A' as const,
  candidates: [{ kind: 'attr' as const, name: 'data-testid', value: 'buy' }],
};
const pick = (over: Partial<BuilderTargetSaved> = {}): BuilderTargetSaved => ({
  flow_id: 7,
  step_id: 's2',
  select_element: picked,
  updated_at: '2026-11-28T21:00:00.000Z',
  ...over,
});
const tour = () =>
  aFlow({
    steps: [
      aStep({ id: 's1' }),
      aStep({ id: 's2', type: 'tool_tip', select_element: { url: '/', selector: '#old' } }),
    ],
  });

describe('withPickedTarget', () => {
  it('puts the pick into the saved tour and the draft: no unsaved change appears', () => {
    const flow = tour();
    const next = withPickedTarget(
      { flowId: 7, draft: flow, saved: flow, history: emptyHistory() },
      pick(),
      1,
    )!;
    expect(next.draft!.steps[1]!.select_element).toEqual(picked);
    expect(next.saved).toEqual(next.draft);
    // The pick can be undone like an edit.
    expect(next.history!.past).toEqual([flow]);
  });

  it('keeps the unsaved edits of the draft and replaces only the target', () => {
    const saved = tour();
    const draft = {
      ...saved,
      name: 'Renamed',
      steps: [saved.steps[0]!, { ...saved.steps[1]!, content: '<p>New</p>' }],
    };
    const next = withPickedTarget({ flowId: 7, draft, saved, history: emptyHistory() }, pick(), 1)!;
    expect(next.draft).toMatchObject({ name: 'Renamed' });
    expect(next.draft!.steps[1]).toMatchObject({ content: '<p>New</p>', select_element: picked });
    expect(next.saved!.name).toBe(saved.name);
    expect(next.saved!.steps[1]!.select_element).toEqual(picked);
  });

  it("ignores another tour's pick and one for a flow not saved yet", () => {
    const flow = tour();
    const state = { flowId: 7, draft: flow, saved: flow, history: emptyHistory() };
    expect(withPickedTarget(state, pick({ flow_id: 8 }), 1)).toBeNull();
    expect(withPickedTarget({ ...state, flowId: null }, pick(), 1)).toBeNull();
  });

  it('leaves a step the draft turned into a modal alone, but the saved tour has the pick', () => {
    const saved = tour();
    const draft = {
      ...saved,
      steps: [
        saved.steps[0]!,
        { ...saved.steps[1]!, type: 'modal' as const, select_element: null },
      ],
    };
    const next = withPickedTarget({ flowId: 7, draft, saved, history: emptyHistory() }, pick(), 1)!;
    expect(next.draft).toBeUndefined();
    expect(next.saved!.steps[1]!.select_element).toEqual(picked);
  });
});

describe('grades', () => {
  it('has a one-line meaning for each grade and a hint for C only', () => {
    expect(Object.keys(GRADE_MEANINGS)).toEqual(['A', 'B', 'C']);
    expect(gradeHint(picked)).toBeNull();
    expect(gradeHint({ ...picked, grade: 'C', text: 'Save changes!' })).toBe(
      'Add data-signpost="save-changes" to this element in your site\'s markup so the tour finds it after a redesign.',
    );
    expect(gradeHint({ url: '/', selector: 'div > span', grade: 'C' })).toContain(
      'data-signpost="tour-target"',
    );
  });
});

describe('defaultBuilderPage', () => {
  it("opens where the element was picked, else the product's site", () => {
    expect(defaultBuilderPage('https://app.example.com/cart', 'example.com')).toBe(
      'https://app.example.com/cart',
    );
    expect(defaultBuilderPage('/cart', 'example.com')).toBe('https://example.com/cart');
    expect(defaultBuilderPage('', 'example.com')).toBe('https://example.com/');
    expect(defaultBuilderPage(undefined, undefined)).toBe('');
    expect(defaultBuilderPage('app.example.com/x', undefined)).toBe('https://app.example.com/x');
  });
});
