import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlowStep } from '../../../lib/contracts/flows';
import { aButton, aStep } from '../testing/flows';
import { playTour, type TourPlayer } from './index';

// The seams the SDK's tours bundle uses: onButton, targetWaitMs, the end causes.

let player: TourPlayer | undefined;
let frames: FrameRequestCallback[] = [];
const flushFrames = () => {
  const run = frames;
  frames = [];
  run.forEach((cb) => cb(0));
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal(
    'requestAnimationFrame',
    vi.fn((cb: FrameRequestCallback) => frames.push(cb)),
  );
  vi.stubGlobal('cancelAnimationFrame', vi.fn());
});
afterEach(() => {
  player?.destroy();
  player = undefined;
  frames = [];
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const shadow = () => document.querySelector('[data-signpost-tour]')?.shadowRoot ?? null;
const dialog = () => shadow()?.querySelector('[role="dialog"]') ?? null;
const click = (name: string) =>
  Array.from(shadow()!.querySelectorAll('button'))
    .find((b) => b.textContent === name)!
    .click();
const tip = (id: string, selector: string, extra: Partial<FlowStep> = {}) =>
  aStep({ id, type: 'tool_tip', select_element: { url: '/', selector }, ...extra });

describe('playTour hooks', () => {
  it('calls onButton before the button acts, and with null for a click on the target', () => {
    document.body.innerHTML = '<button id="buy">Buy</button>';
    const log: string[] = [];
    const steps = [
      aStep({
        id: 's1',
        buttons: [aButton({ id: 'go', actions: [{ type: 'goto', reference_step: 't' }] })],
      }),
      tip('t', '#buy', { element_actions: [{ type: 'dismiss' }] }),
    ];
    player = playTour({
      steps,
      onButton: (step, button) => log.push(`click ${step.id} ${button?.id ?? 'target'}`),
      onStepShown: (step) => log.push(`shown ${step.id}`),
      onEnd: (reason, cause) => log.push(`end ${reason} ${cause}`),
    });
    click('go');
    document.getElementById('buy')!.click();
    expect(log).toEqual([
      'shown s1',
      'click s1 go',
      'shown t',
      'click t target',
      'end dismissed button',
    ]);
  });

  it('with targetWaitMs, a tooltip waits for its target and shows when it appears', async () => {
    const onStepShown = vi.fn();
    player = playTour({ steps: [tip('t', '#later')], targetWaitMs: 6000, onStepShown });
    expect(dialog()).toBeNull();
    await vi.advanceTimersByTimeAsync(4000);
    document.body.innerHTML = '<button id="later">Later</button>';
    await vi.advanceTimersByTimeAsync(0);
    expect(dialog()).toHaveTextContent('About t');
    expect(shadow()!.querySelector('.centered')).toBeNull();
    expect(onStepShown).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000); // the wait is over: nothing more happens
    expect(dialog()).not.toBeNull();
  });

  it('with targetWaitMs, ends as target_missing when the target never comes', async () => {
    const onEnd = vi.fn();
    const onStepShown = vi.fn();
    player = playTour({
      steps: [aStep({ id: 's1' }), tip('t', '##invalid[')],
      startAt: 1,
      targetWaitMs: 6000,
      onEnd,
      onStepShown,
    });
    expect(player.index).toBe(1);
    await vi.advanceTimersByTimeAsync(5999);
    expect(onEnd).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('target_missing', undefined);
    expect(onStepShown).not.toHaveBeenCalled();
    expect(document.querySelector('[data-signpost-tour]')).toBeNull();
  });

  it('re-anchors a tooltip whose target the page replaced', async () => {
    document.body.innerHTML = '<div id="app"><button id="buy">Buy</button></div>';
    const onStepShown = vi.fn();
    player = playTour({ steps: [tip('t', '#buy')], targetWaitMs: 6000, onStepShown });
    expect(dialog()).not.toBeNull();
    document.getElementById('app')!.innerHTML = ''; // re-rendered: the target is gone
    await vi.advanceTimersByTimeAsync(0);
    flushFrames();
    expect(dialog()).toBeNull(); // waiting for it again
    document.getElementById('app')!.innerHTML = '<button id="buy">Buy</button>';
    await vi.advanceTimersByTimeAsync(0);
    expect(dialog()).toHaveTextContent('About t');
    expect(onStepShown).toHaveBeenCalledTimes(2);
  });
});
