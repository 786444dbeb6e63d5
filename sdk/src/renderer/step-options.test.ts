import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlowStep } from '../../../lib/contracts/flows';
import { aButton, aStep } from '../testing/flows';
import { playTour, type TourPlayer } from './index';

// The step options in the player (docs/flows.md, "Step options"): progress, Back, spotlight and
// the tooltip's side. Positions themselves are position.test.ts's.

let player: TourPlayer | undefined;
afterEach(() => {
  player?.destroy();
  player = undefined;
  document.body.innerHTML = '';
});

const shadow = () => document.querySelector('[data-signpost-tour]')!.shadowRoot!;
const card = () => shadow().querySelector<HTMLElement>('.card')!;
const progress = () => shadow().querySelector('.progress')?.textContent ?? null;
const click = (label: string) =>
  Array.from(shadow().querySelectorAll('button'))
    .find((b) => b.textContent === label)!
    .click();

const next = (to: string) =>
  aButton({ id: `next-${to}`, label: 'Next', actions: [{ type: 'goto', reference_step: to }] });
const back = aButton({ id: 'back', label: 'Back', actions: [{ type: 'back' }] });
const tooltip = (overrides: Partial<FlowStep> = {}) =>
  aStep({
    id: 't',
    type: 'tool_tip',
    select_element: { url: '/', selector: '#buy' },
    ...overrides,
  });

describe('progress', () => {
  it('shows "2 of 4": the step\'s place in the tour\'s steps, only when asked', () => {
    const steps = ['s1', 's2', 's3', 's4'].map((id) =>
      aStep({ id, show_progress: id !== 's3', buttons: [next(`s${Number(id[1]) + 1}`)] }),
    );
    player = playTour({ steps });
    expect(progress()).toBe('1 of 4');
    click('Next');
    expect(progress()).toBe('2 of 4');
    click('Next');
    expect(progress()).toBeNull();
    click('Next');
    expect(progress()).toBe('4 of 4');
    // Before the buttons, in their row.
    expect(shadow().querySelector('.actions')!.firstElementChild!.className).toBe('progress');
  });

  it('shows on a step without buttons too', () => {
    player = playTour({ steps: [aStep({ show_progress: true }), aStep({ id: 's2' })] });
    expect(progress()).toBe('1 of 2');
  });
});

describe('Back', () => {
  const steps = [
    aStep({ id: 's1', buttons: [next('s3')] }),
    aStep({ id: 's2', buttons: [back, next('s3')] }),
    aStep({ id: 's3', buttons: [back, next('s4')] }),
    aStep({ id: 's4', buttons: [back] }),
  ];

  it('returns to the step shown before, through a branch and back to the start', () => {
    const shown: string[] = [];
    player = playTour({ steps, onStepShown: (step) => shown.push(step.id) });
    click('Next'); // s1 → s3, skipping s2
    click('Next'); // s3 → s4
    click('Back');
    expect(player.index).toBe(2);
    click('Back');
    expect(player.index).toBe(0); // s1, where the visitor came from, not s2
    expect(shown).toEqual(['s1', 's3', 's4', 's3', 's1']);
  });

  it('goes to the step before in order when the tour resumed there (no history on this page)', () => {
    player = playTour({ steps, startAt: 3 });
    click('Back');
    expect(player.index).toBe(2);
    click('Back');
    expect(player.index).toBe(1);
  });

  it('resumed on a new page, does not go back to a tooltip whose element is on another page', () => {
    const resumed = [
      tooltip({
        id: 't1',
        select_element: { url: '/a', selector: '#on-a' },
        buttons: [next('s2')],
      }),
      aStep({ id: 's2', content: '<p>On /b</p>', buttons: [back] }),
    ];
    const onEnd = vi.fn();
    player = playTour({ steps: resumed, startAt: 1, targetWaitMs: 1000, onEnd });
    click('Back'); // #on-a is not in this page: waiting for it would end the tour as target_missing
    expect(player.index).toBe(1);
    expect(card().textContent).toContain('On /b');
    expect(onEnd).not.toHaveBeenCalled();
    // A tooltip whose element is here is shown as before.
    player.destroy();
    document.body.innerHTML = '<button id="on-a">Buy</button>';
    player = playTour({ steps: resumed, startAt: 1, targetWaitMs: 1000 });
    click('Back');
    expect(player.index).toBe(0);
    expect(shadow().querySelector('[data-placement]')).not.toBeNull();
  });

  it('does nothing on the first step', () => {
    player = playTour({ steps: [aStep({ id: 's1', buttons: [back] }), aStep({ id: 's2' })] });
    click('Back');
    expect(player.index).toBe(0);
    expect(card()).not.toBeNull();
  });
});

describe('spotlight and placement', () => {
  it("dims the page around a tooltip's target with the theme's backdrop opacity", () => {
    document.body.innerHTML = '<button id="buy">Buy</button>';
    player = playTour({ steps: [tooltip({ spotlight: true })] });
    const spot = shadow().querySelector<HTMLElement>('.spot');
    expect(spot).not.toBeNull();
    expect(spot!.style.width).not.toBe('');
    const css = shadow().querySelector('style')!.textContent!;
    expect(css).toMatch(/\.spot\{[^}]*box-shadow:[^}]*var\(--sp-backdrop\)/);
    player.destroy();
    player = playTour({ steps: [tooltip()] });
    expect(shadow().querySelector('.spot')).toBeNull();
  });

  it('spotlights nothing on a modal: it has its backdrop', () => {
    player = playTour({ steps: [aStep({ spotlight: true })] });
    expect(shadow().querySelector('.spot')).toBeNull();
    expect(shadow().querySelector('.backdrop')).not.toBeNull();
  });

  it("puts the tooltip on the step's side", () => {
    document.body.innerHTML = '<button id="buy">Buy</button>';
    player = playTour({ steps: [tooltip({ tooltip_placement: 'left', tooltip_offset: 4 })] });
    expect(card().dataset.placement).toBe('left');
    player.destroy();
    player = playTour({ steps: [tooltip()] });
    expect(card().dataset.placement).toBe('bottom');
  });
});
