import { describe, expect, it } from 'vitest';
import { buttonCompletesTour, buttonEnding, tourOutcome } from './outcome';

const ids = ['s1', 's2'];

describe('tourOutcome (docs/flows.md, "How an ending counts")', () => {
  it('an action ending the last step completes the tour', () => {
    expect(tourOutcome('dismiss', 1, 2)).toBe('completed');
    expect(tourOutcome('navigation', 1, 2)).toBe('completed');
    expect(tourOutcome('goto_past_end', 1, 2)).toBe('completed');
  });

  it('the close button and Esc dismiss anywhere; a dismiss action before the last step too', () => {
    expect(tourOutcome('close', 1, 2)).toBe('dismissed');
    expect(tourOutcome('esc', 1, 2)).toBe('dismissed');
    expect(tourOutcome('close', 0, 2)).toBe('dismissed');
    expect(tourOutcome('dismiss', 0, 2)).toBe('dismissed');
  });

  it('a navigation before the last step ends nothing (the next page resumes)', () => {
    expect(tourOutcome('navigation', 0, 2)).toBeNull();
  });
});

describe('buttonEnding / buttonCompletesTour', () => {
  it('reads the actions as the renderer runs them', () => {
    expect(buttonEnding([{ type: 'goto', reference_step: 's2' }], 0, ids)).toBeNull();
    expect(buttonEnding([{ type: 'goto', reference_step: null }], 0, ids)).toBeNull();
    expect(buttonEnding([{ type: 'goto', reference_step: null }], 1, ids)).toBe('goto_past_end');
    expect(buttonEnding([{ type: 'dismiss' }], 1, ids)).toBe('dismiss');
    expect(buttonEnding([{ type: 'navigation', value: '/next' }], 0, ids)).toBe('navigation');
    // A link the renderer refuses does not run.
    expect(buttonEnding([{ type: 'navigation', value: 'javascript:x' }], 1, ids)).toBeNull();
    expect(buttonEnding([], 1, ids)).toBeNull();
  });

  it('completes only on the last step', () => {
    expect(buttonCompletesTour([{ type: 'dismiss' }], 1, ids)).toBe(true);
    expect(buttonCompletesTour([{ type: 'dismiss' }], 0, ids)).toBe(false);
    expect(buttonCompletesTour([{ type: 'navigation', value: '/done' }], 1, ids)).toBe(true);
    expect(buttonCompletesTour([{ type: 'goto', reference_step: 's1' }], 1, ids)).toBe(false);
  });
});
