import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitForElement, WAIT_SCAN_MS } from './wait';

/** Waiting for a tooltip's target (docs/flows.md, "Targets"): searches counted, not timed. */

/** `n` DOM changes, each delivered to observers in its own batch. */
async function mutate(n: number, box: Element) {
  for (let i = 0; i < n; i++) {
    box.setAttribute('data-tick', String(i));
    await Promise.resolve(); // observers run between changes, as with a streaming render
  }
}

let stop: (() => void) | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '<div id="box"></div>';
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
});

describe('waitForElement', () => {
  it('searches a bounded number of times for a burst of 1,000 DOM changes', async () => {
    const find = vi.fn(() => document.querySelector('#target'));
    const done = vi.fn();
    stop = waitForElement(find, 6000, done);
    await mutate(1000, document.querySelector('#box')!);
    await vi.advanceTimersByTimeAsync(WAIT_SCAN_MS);
    expect(find.mock.calls.length).toBeLessThanOrEqual(2);
    expect(done).not.toHaveBeenCalled();

    document.body.insertAdjacentHTML('beforeend', '<button id="target">Go</button>');
    await vi.advanceTimersByTimeAsync(2 * WAIT_SCAN_MS);
    expect(done).toHaveBeenCalledExactlyOnceWith(document.querySelector('#target'));
  });

  it('searches at once on the first change after a quiet spell', async () => {
    const done = vi.fn();
    stop = waitForElement(() => document.querySelector('#target'), 6000, done);
    await vi.advanceTimersByTimeAsync(1000);
    document.body.insertAdjacentHTML('beforeend', '<button id="target">Go</button>');
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledExactlyOnceWith(document.querySelector('#target'));
  });

  it('observes nothing once found: later changes search no more', async () => {
    const find = vi.fn(() => document.querySelector('#target'));
    const done = vi.fn();
    stop = waitForElement(find, 6000, done);
    document.body.insertAdjacentHTML('beforeend', '<button id="target">Go</button>');
    await vi.advanceTimersByTimeAsync(WAIT_SCAN_MS);
    expect(done).toHaveBeenCalledTimes(1);
    const searches = find.mock.calls.length;
    await mutate(100, document.querySelector('#box')!);
    await vi.advanceTimersByTimeAsync(10 * WAIT_SCAN_MS);
    expect(find.mock.calls.length).toBe(searches);
  });

  it('gives up with null after the wait, looking once more first, and then observes nothing', async () => {
    const find = vi.fn(() => document.querySelector('#target'));
    const done = vi.fn();
    stop = waitForElement(find, 1000, done);
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toHaveBeenCalledExactlyOnceWith(null);
    const searches = find.mock.calls.length;
    await mutate(100, document.querySelector('#box')!);
    await vi.advanceTimersByTimeAsync(10 * WAIT_SCAN_MS);
    expect(find.mock.calls.length).toBe(searches);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('finds an element added just before the wait ends', async () => {
    const done = vi.fn();
    stop = waitForElement(() => document.querySelector('#target'), 1000, done);
    await vi.advanceTimersByTimeAsync(1000 - WAIT_SCAN_MS / 2);
    document.body.insertAdjacentHTML('beforeend', '<button id="target">Go</button>');
    await vi.advanceTimersByTimeAsync(WAIT_SCAN_MS / 2);
    expect(done).toHaveBeenCalledExactlyOnceWith(document.querySelector('#target'));
  });

  it('stops silently', async () => {
    const find = vi.fn(() => document.querySelector('#target'));
    const done = vi.fn();
    waitForElement(find, 1000, done)();
    document.body.insertAdjacentHTML('beforeend', '<button id="target">Go</button>');
    await vi.advanceTimersByTimeAsync(2000);
    expect(done).not.toHaveBeenCalled();
    expect(find).not.toHaveBeenCalled();
  });
});
