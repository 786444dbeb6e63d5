import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPicker, type Picker } from './picker';
import { pollProbes, PROBE_MAX_WAIT_MS, PROBE_POLL_MS } from './probe';
import { aSession, HOST, resetBuilder, storeSession, stubServer, type Call } from './test-setup';

/** The live match count, the picker's side (docs/builder.md, "Live match count"), in jsdom. */

let picker: Picker | undefined;
let stop: (() => void) | undefined;

/** A server with the editor's pending selector `selector` (once), answering the count 200. */
function probeServer(selector: string | null) {
  let pending = selector;
  return stubServer(({ url, init }: Call) => {
    if (!url.endsWith('/v1/builder/probe')) return { status: 204 };
    if (init.method === 'PUT') return { status: 200, body: { data: { delivered: true } } };
    const data = pending === null ? null : { id: 'p1', selector: pending };
    pending = null;
    return { status: 200, body: { data } };
  });
}
const polls = (server: ReturnType<typeof stubServer>) =>
  server.to('/v1/builder/probe').filter((c) => c.init.method === 'GET');
const answers = (server: ReturnType<typeof stubServer>) =>
  server
    .to('/v1/builder/probe')
    .filter((c) => c.init.method === 'PUT')
    .map((c) => JSON.parse(String(c.init.body)) as unknown);

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML =
    '<ul><li class="item">One</li><li class="item">Two</li></ul><div id="w"></div>';
  document.querySelector('#w')!.attachShadow({ mode: 'open' }).innerHTML =
    '<li class="item">Three</li>';
  storeSession();
});
afterEach(() => {
  picker?.close();
  picker = undefined;
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  resetBuilder();
});

describe('the live match count in the picker', () => {
  it('counts the selector the editor typed on this page and answers with the builder token', async () => {
    const server = probeServer('li.item');
    picker = openPicker({ host: HOST, session: aSession() });
    await vi.advanceTimersByTimeAsync(0);
    const [poll] = polls(server);
    expect(poll!.url).toBe(`${HOST}/v1/builder/probe`);
    expect((poll!.init.headers as Record<string, string>).Authorization).toBe('Bearer bt_secret');
    // The page and its open shadow roots, as the bar's own count.
    expect(answers(server)).toEqual([{ id: 'p1', count: 3 }]);
    // Every second while open: nothing pending, nothing answered.
    await vi.advanceTimersByTimeAsync(3 * PROBE_POLL_MS);
    expect(polls(server)).toHaveLength(4);
    expect(answers(server)).toHaveLength(1);
  });

  it('answers 0 for a selector that matches nothing or is not valid CSS', async () => {
    const server = probeServer('[[bad');
    stop = pollProbes(HOST, aSession(), (s) => document.querySelectorAll(s).length);
    await vi.advanceTimersByTimeAsync(0);
    expect(answers(server)).toEqual([{ id: 'p1', count: 0 }]);
    await vi.advanceTimersByTimeAsync(PROBE_POLL_MS);
    expect(polls(server)).toHaveLength(2); // still polling
    stop();
    const next = probeServer('.missing');
    picker = openPicker({ host: HOST, session: aSession() });
    await vi.advanceTimersByTimeAsync(0);
    expect(answers(next)).toEqual([{ id: 'p1', count: 0 }]);
  });

  it('stops when the picker closes, and while the tab is hidden', async () => {
    const server = probeServer(null);
    picker = openPicker({ host: HOST, session: aSession() });
    await vi.advanceTimersByTimeAsync(0);
    expect(polls(server)).toHaveLength(1);

    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    await vi.advanceTimersByTimeAsync(PROBE_POLL_MS);
    expect(polls(server)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10 * PROBE_POLL_MS);
    expect(polls(server)).toHaveLength(1);
    hidden.mockReturnValue(false);
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(polls(server)).toHaveLength(2);

    picker.close();
    picker = undefined;
    await vi.advanceTimersByTimeAsync(10 * PROBE_POLL_MS);
    expect(polls(server)).toHaveLength(2);
  });

  it('stops for good once the token has expired', async () => {
    const server = probeServer(null);
    const session = aSession({ expires_at: new Date(Date.now() + 1500).toISOString() });
    stop = pollProbes(HOST, session, () => 0);
    await vi.advanceTimersByTimeAsync(10 * PROBE_POLL_MS);
    expect(polls(server)).toHaveLength(2);
  });

  it('waits twice as long after each failed ask (429, network error), up to 10 s, and every second again once answered', async () => {
    let failing: 'busy' | 'offline' | null = 'busy';
    const server = stubServer(() => {
      if (failing === 'offline') throw new TypeError('Failed to fetch');
      if (failing === 'busy') return { status: 429, body: { message: 'Too many requests' } };
      return { status: 200, body: { data: null } };
    });
    stop = pollProbes(HOST, aSession(), () => 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(polls(server)).toHaveLength(1);
    // Asks at 0, 2, 6 (4 later), 14 (8 later), then every 10 s.
    await vi.advanceTimersByTimeAsync(2 * PROBE_POLL_MS - 1);
    expect(polls(server)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls(server)).toHaveLength(2);
    failing = 'offline';
    await vi.advanceTimersByTimeAsync(12 * PROBE_POLL_MS);
    expect(polls(server)).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(PROBE_MAX_WAIT_MS);
    expect(polls(server)).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(PROBE_MAX_WAIT_MS - 1);
    expect(polls(server)).toHaveLength(5); // never more than 10 s apart, never less while failing
    failing = null;
    await vi.advanceTimersByTimeAsync(1);
    expect(polls(server)).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(3 * PROBE_POLL_MS);
    expect(polls(server)).toHaveLength(9);
  });

  it.each([401, 403])('stops for good once the token is refused (%i)', async (status) => {
    const server = stubServer(() => ({ status, body: { message: 'Refused' } }));
    stop = pollProbes(HOST, aSession(), () => 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(polls(server)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60 * PROBE_POLL_MS);
    document.dispatchEvent(new Event('visibilitychange')); // shown again: still nothing
    await vi.advanceTimersByTimeAsync(60 * PROBE_POLL_MS);
    expect(polls(server)).toHaveLength(1);
  });
});
