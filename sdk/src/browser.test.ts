import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackingSnippet } from '@/lib/sdk-snippet';
import { fakeFetch, settle } from './testing/fake-network';
import type { SignpostClient } from './types';

// A view of window without any global typing of `signpost` (the e2e specs declare one).
const win = window as unknown as { signpost?: unknown };
const api = () => win.signpost as SignpostClient;

/** Runs the snippet's inline script in this window, as the customer's page does. */
function runSnippet(writeKey: string): void {
  const snippet = trackingSnippet({ host: 'https://signpost.example.com', writeKey });
  // The inline script (the one without src), wherever it sits in the snippet.
  const inline = /<script>([\s\S]*?)<\/script>/.exec(snippet)![1];
  new Function('window', `with (window) { ${inline} }`)(window);
}

/** Evaluates the IIFE entry once more, as if /sdk.js had just arrived. */
async function loadSdk(): Promise<void> {
  vi.resetModules();
  await import('./browser');
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  if (typeof api()?.destroy === 'function') api().destroy();
  delete win.signpost;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sdk.js (IIFE entry)', () => {
  it('replays the calls the snippet stub queued, in order, then serves the real API', async () => {
    const net = fakeFetch();
    runSnippet('wk_snippet');
    const stub = win.signpost as { track: (e: string, p?: object) => void; q: unknown[] };
    stub.track('Clicked buy', { sku: 'A1' });
    (stub as unknown as { identify: (id: string) => void }).identify('u-7');
    expect(stub.q).toHaveLength(3);

    await loadSdk();
    expect(win.signpost).toBe(stub); // references held by the page keep working
    expect(api().version).toMatch(/^\d+\.\d+\.\d+$/);
    expect('q' in stub).toBe(false);
    api().track('After load');
    await settle(1000);

    expect(net.requests[0].url).toBe('https://signpost.example.com/v1/batch');
    expect(net.requests[0].body.writeKey).toBe('wk_snippet');
    const events = net.events();
    expect(events.map((e) => e.event ?? e.type)).toEqual([
      'page',
      'Clicked buy',
      'identify',
      'After load',
    ]);
    expect(events[1].properties).toEqual({ sku: 'A1' });
    expect(events[3].userId).toBe('u-7');
  });

  it('exposes the API on window.signpost without a snippet', async () => {
    await loadSdk();
    for (const m of ['init', 'identify', 'track', 'page', 'reset', 'flush', 'loadTours'])
      expect(typeof (api() as unknown as Record<string, unknown>)[m]).toBe('function');
  });

  it('ignores a second copy of the script', async () => {
    await loadSdk();
    const first = api();
    await loadSdk();
    expect(api()).toBe(first);
  });

  it('survives whatever the page left on window.signpost', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    win.signpost = { q: [null, ['nope', []], ['track', 'not-an-array'], ['init', [42]]] };
    await expect(loadSdk()).resolves.toBeUndefined();
    expect(typeof api().track).toBe('function');
    win.signpost = 7;
    await expect(loadSdk()).resolves.toBeUndefined();
  });
});
