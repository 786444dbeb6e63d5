import { describe, expect, it } from 'vitest';
import {
  actionProblem,
  actionSummary,
  buttonProblem,
  buttonSummary,
  contentExcerpt,
  newAction,
  newButton,
  otherStepOptions,
  stepOptionLabel,
  withStepType,
} from './step-helpers';
import { aStep } from '@/tests/fixtures/flows';

const steps = [
  aStep({ id: 's1', content: '<p>Welcome aboard</p>' }),
  aStep({ id: 's2', content: '<h1>Pricing &amp; plans</h1>' }),
  aStep({ id: 's3', content: '' }),
];

describe('newButton', () => {
  it('uses the b_ prefix, a fresh id each time and the editor defaults', () => {
    const a = newButton();
    const b = newButton();
    expect(a.id).toMatch(/^b_[0-9a-f]{12}$/);
    expect(a.id).not.toBe(b.id);
    expect(a).toMatchObject({
      label: 'Next',
      background_color: '#2563eb',
      color: '#ffffff',
      actions: [],
    });
  });

  it('goes to the following step, or on the last step completes the tour (docs/flows.md)', () => {
    expect(newButton(steps, 's1')).toMatchObject({
      label: 'Next',
      actions: [{ type: 'goto', reference_step: 's2' }],
    });
    expect(newButton(steps, 's3')).toMatchObject({
      label: 'Done',
      actions: [{ type: 'dismiss' }],
    });
  });
});

describe('newAction', () => {
  it('starts each type empty', () => {
    expect(newAction('goto')).toEqual({ type: 'goto', reference_step: null });
    expect(newAction('dismiss')).toEqual({ type: 'dismiss' });
    expect(newAction('navigation')).toEqual({ type: 'navigation', value: '' });
  });
});

describe('contentExcerpt and step labels', () => {
  it('strips tags, decodes entities and shortens long text', () => {
    expect(contentExcerpt('<h1>Pricing &amp; plans</h1><p>Pick one</p>')).toBe(
      'Pricing & plans Pick one',
    );
    expect(contentExcerpt('<p>abcdefghijklmnopqrstuvwxyz0123456789</p>', 10)).toBe('abcdefghi…');
    expect(contentExcerpt('<p></p>')).toBe('');
  });

  it('labels a step "Step N" with its excerpt when it has content', () => {
    expect(stepOptionLabel(steps[0]!, 0)).toBe('Step 1 — Welcome aboard');
    expect(stepOptionLabel(steps[2]!, 2)).toBe('Step 3');
  });

  it('offers every step except the current one', () => {
    expect(otherStepOptions(steps, 's2')).toEqual([
      { id: 's1', label: 'Step 1 — Welcome aboard' },
      { id: 's3', label: 'Step 3' },
    ]);
  });
});

describe('summaries', () => {
  it('describes each action type', () => {
    expect(actionSummary({ type: 'goto', reference_step: 's2' }, steps)).toBe('Go to step 2');
    expect(actionSummary({ type: 'goto', reference_step: null }, steps)).toBe('Go to step');
    expect(actionSummary({ type: 'dismiss' }, steps)).toBe('Dismiss flow');
    expect(actionSummary({ type: 'navigation', value: ' /pricing ' }, steps)).toBe(
      'Navigate to /pricing',
    );
    expect(actionSummary({ type: 'navigation', value: '' }, steps)).toBe('Navigate to page');
    expect(
      actionSummary({ type: 'navigation', value: `https://example.com/${'a'.repeat(60)}` }, steps),
    ).toBe(`Navigate to https://example.com/${'a'.repeat(19)}…`);
  });

  it('reads "No action applied" for a button without actions (docs/product/messages.md#flow-editor)', () => {
    expect(buttonSummary({ ...newButton(), actions: [] }, steps)).toBe('No action applied');
  });

  it('joins the actions of a button', () => {
    expect(
      buttonSummary(
        { ...newButton(), actions: [{ type: 'goto', reference_step: 's3' }, { type: 'dismiss' }] },
        steps,
      ),
    ).toBe('Go to step 3, Dismiss flow');
  });
});

describe('problems (docs/product/validation.md#58-flow-checks)', () => {
  it('names a go-to without a step and a navigation without a link', () => {
    expect(actionProblem({ type: 'goto', reference_step: null }, false)).toBe(
      'Please select step for action',
    );
    expect(actionProblem({ type: 'navigation', value: ' ' }, false)).toBe(
      'Please input link for action',
    );
    expect(actionProblem({ type: 'goto', reference_step: null }, true)).toBe(
      'Please select step for tooltip element action',
    );
    expect(actionProblem({ type: 'navigation' }, true)).toBe(
      'Please input link for tooltip element action',
    );
  });

  it('accepts complete actions', () => {
    expect(actionProblem({ type: 'goto', reference_step: 's1' }, false)).toBeNull();
    expect(actionProblem({ type: 'dismiss' }, true)).toBeNull();
    expect(actionProblem({ type: 'navigation', value: '/x' }, false)).toBeNull();
  });

  it('asks for an action on a button without any', () => {
    expect(buttonProblem({ ...newButton(), actions: [] })).toBe('Please add action for this step');
    expect(buttonProblem({ ...newButton(), actions: [{ type: 'dismiss' }] })).toBeNull();
  });
});

describe('withStepType', () => {
  const tooltip = aStep({
    id: 's1',
    content: '<p>Here</p>',
    type: 'tool_tip',
    select_element: { url: '/settings', selector: '#save' },
    element_actions: [{ type: 'goto', reference_step: 's2' }],
  });

  it('drops the element and element actions when a tooltip becomes another type', () =>
    expect(withStepType(tooltip, 'modal')).toEqual({
      ...tooltip,
      type: 'modal',
      select_element: null,
      element_actions: [],
    }));

  it('keeps everything else as it is', () => {
    expect(withStepType(tooltip, 'tool_tip')).toEqual(tooltip);
    expect(withStepType(aStep({ id: 's2', content: '' }), 'banner')).toEqual({
      ...aStep({ id: 's2', content: '' }),
      type: 'banner',
    });
  });
});
