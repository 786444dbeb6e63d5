import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playTour, type TourPlayer } from '../renderer/index';
import { aStep } from '../testing/flows';
import { describeTarget } from './describe';

// The renderer finds a picked tooltip target with resolveTarget (docs/flows.md, "Targets").

let player: TourPlayer | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', vi.fn());
  vi.stubGlobal('cancelAnimationFrame', vi.fn());
});
afterEach(() => {
  player?.destroy();
  player = undefined;
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const shadow = () => document.querySelector('[data-signpost-tour]')?.shadowRoot ?? null;
const dialog = () => shadow()?.querySelector('[role="dialog"]') ?? null;
const pickOf = (selector: string) => ({
  url: '/',
  ...describeTarget(document.querySelector(selector)!),
});

describe('a tooltip with a picked target', () => {
  it('anchors to the element its candidates find when the primary selector broke', () => {
    document.body.innerHTML = '<div><button>Save</button></div><div><button>Help</button></div>';
    const target = pickOf('button');
    document.body.innerHTML =
      '<div><button>News</button></div><div><button>Help</button></div><div><button>Save</button></div>';
    // The stored path now leads to another button.
    expect(document.querySelector(target.selector)).toHaveTextContent('News');
    const onButton = vi.fn();
    player = playTour({
      steps: [
        aStep({
          id: 't',
          type: 'tool_tip',
          select_element: target,
          element_actions: [{ type: 'dismiss' }],
        }),
      ],
      onButton,
    });
    expect(dialog()).toHaveTextContent('About t');
    expect(shadow()!.querySelector('.centered')).toBeNull();
    document.querySelectorAll('button')[2]!.click(); // Save
    expect(onButton).toHaveBeenCalledTimes(1);
  });

  it('ends as target_missing rather than anchor to an element that contradicts the pick', async () => {
    document.body.innerHTML = '<main><div><button>Delete account</button></div></main>';
    const target = pickOf('button');
    document.body.innerHTML = '<main><div><button>Cancel</button></div></main>';
    const onEnd = vi.fn();
    player = playTour({
      steps: [aStep({ id: 't', type: 'tool_tip', select_element: target })],
      targetWaitMs: 6000,
      onEnd,
    });
    expect(dialog()).toBeNull();
    await vi.advanceTimersByTimeAsync(6000);
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('target_missing', undefined);
  });

  it('never takes the tour itself for the target', () => {
    document.body.innerHTML = '<p>Intro</p>';
    const target = { url: '/', selector: 'p', text: 'About t' };
    player = playTour({ steps: [aStep({ id: 't', type: 'tool_tip', select_element: target })] });
    expect(dialog()).toHaveTextContent('About t');
    expect(shadow()!.querySelector('.centered')).not.toBeNull();
  });
});
