import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, settle, type FlowRequest, type Reply } from '../testing/fake-network';
import { testAnswer } from '../testing/flows';
import type { SignpostClient, ToursModule } from '../types';

const KEY = 'wk_tours';
const HOST = 'https://signpost.example.com';
type Win = Window & { signpostTours?: ToursModule };

let clients: SignpostClient[] = [];
/** A fresh sdk.js (the tours loader keeps its state per page): init as the snippet does. */
async function start(
  options: { autoPage?: boolean; debug?: boolean } = {},
): Promise<SignpostClient> {
  vi.resetModules();
  const { createClient } = await import('../client');
  const client = createClient();
  clients.push(client);
  client.init({
    writeKey: KEY,
    host: HOST,
    autoPage: options.autoPage ?? false,
    debug: options.debug,
  });
  return client;
}
const toursScript = () =>
  document.head.querySelector<HTMLScriptElement>(`script[src="${HOST}/sdk-tours.js"]`);
/** The browser finishes loading /sdk-tours.js, which registers `tours`. */
function loadBundle(tours: ToursModule): void {
  (window as Win).signpostTours = tours;
  toursScript()!.dispatchEvent(new Event('load'));
}
const withFlow =
  (answer = testAnswer()) =>
  (req: FlowRequest): Reply =>
    req.path === 'available-flow'
      ? { status: 200, body: { data: answer } }
      : { status: 200, body: { data: {} } };

beforeEach(() => {
  vi.useFakeTimers();
  history.replaceState(null, '', '/');
});
afterEach(() => {
  clients.forEach((c) => c.destroy());
  clients = [];
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  delete (window as Win).signpostTours;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a failed ask with init({debug: true}) (issue 30, point 9)', () => {
  const refuse = (req: FlowRequest): Reply =>
    req.path === 'available-flow'
      ? { status: 403, body: { message: 'Unknown write key', status: 403, code: 'forbidden' } }
      : { status: 200, body: { data: {} } };

  it("logs the catalogue's message with the server's message to the console", async () => {
    const { MESSAGES } = await import('../../../lib/messages');
    const { failedToGetAvailable } = await import('./ask');
    expect(failedToGetAvailable('x')).toBe(MESSAGES.flows.failedToGetAvailable('x'));
    const log = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeFetch(undefined, refuse);
    await start({ debug: true });
    await settle();
    expect(log).toHaveBeenCalledWith(
      '[signpost]',
      'Failed to get available flow: Unknown write key',
    );
  });

  it('says nothing without debug', async () => {
    const log = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeFetch(undefined, refuse);
    await start();
    await settle();
    expect(log).not.toHaveBeenCalled();
  });
});

describe('sdk.js asks available-flow', () => {
  it('on init: text/plain JSON with the write key, the visitor, the URL, viewport and locale', async () => {
    const net = fakeFetch();
    const client = await start();
    await settle();
    expect(net.asks()).toHaveLength(1);
    const [ask] = net.asks();
    expect(ask!.url).toBe(`${HOST}/v1/flows/available-flow`);
    expect(ask!.init).toMatchObject({
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      credentials: 'omit',
    });
    expect(ask!.body).toEqual({
      writeKey: KEY,
      userId: null,
      anonymousId: client.anonymousId(),
      url: 'http://localhost:3000/',
      viewport: { width: innerWidth, height: innerHeight },
      locale: navigator.language,
    });
  });

  it('after identify and track, once the server has them (so their conditions count)', async () => {
    const net = fakeFetch();
    const client = await start();
    await settle();
    client.identify('user-9', { plan: 'pro' }, { userHash: 'hmac-9' });
    await settle();
    expect(net.asks()).toHaveLength(1); // the identify is not delivered yet
    await settle(1000);
    expect(net.events().map((e) => e.type)).toEqual(['identify']);
    expect(net.asks()).toHaveLength(2);
    expect(net.asks()[1]!.body).toMatchObject({ userId: 'user-9', userHash: 'hmac-9' });

    client.track('Opened settings');
    await settle(1000);
    expect(net.asks()).toHaveLength(3);
  });

  it('after reset, as the new anonymous visitor', async () => {
    const net = fakeFetch();
    const client = await start();
    client.identify('user-1');
    await settle(1000);
    const asked = net.asks().length;
    client.reset();
    await settle();
    expect(net.asks()).toHaveLength(asked + 1);
    const last = net.asks().at(-1)!.body;
    expect(last).toMatchObject({ userId: null, anonymousId: client.anonymousId() });
    expect(last).not.toHaveProperty('userHash');
  });

  it('not again for a batch of page views only (the URL change asked already)', async () => {
    const net = fakeFetch();
    await start({ autoPage: true });
    await settle(1000);
    expect(net.events().map((e) => e.type)).toEqual(['page']);
    expect(net.asks()).toHaveLength(1);
  });

  it('on each URL change, debounced, also without automatic page views', async () => {
    const net = fakeFetch();
    await start();
    await settle();
    history.pushState(null, '', '/pricing');
    history.pushState(null, '', '/docs'); // quick succession: one ask
    await settle(299);
    expect(net.asks()).toHaveLength(1);
    await settle(1);
    expect(net.asks()).toHaveLength(2);
    expect(net.asks()[1]!.body.url).toBe('http://localhost:3000/docs');

    history.replaceState({ state: 1 }, '', '/docs'); // same URL: nothing new
    await settle(300);
    expect(net.asks()).toHaveLength(2);
    History.prototype.replaceState.call(history, null, '', '/back');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await settle(300);
    expect(net.asks().map((a) => a.body.url)).toEqual([
      'http://localhost:3000/',
      'http://localhost:3000/docs',
      'http://localhost:3000/back',
    ]);
  });

  it('one request at a time: a newer ask replaces the answer of the one in flight', async () => {
    let release: () => void = () => {};
    const net = fakeFetch(undefined, (req, i) =>
      i === 0
        ? new Promise<Reply>((r) => (release = () => r(withFlow()(req))))
        : { status: 200, body: { data: null } },
    );
    await start();
    await settle();
    history.pushState(null, '', '/a');
    await settle(300);
    history.pushState(null, '', '/b');
    await settle(300);
    expect(net.asks()).toHaveLength(1); // still in flight
    release();
    await settle();
    expect(net.asks()).toHaveLength(2); // sent once, for the latest URL
    expect(net.asks()[1]!.body.url).toBe('http://localhost:3000/b');
    await settle();
    expect(toursScript()).toBeNull(); // the stale answer (a tour) was never used
  });

  it('loads no bundle while the answer is null, nor for a tour of another page', async () => {
    const net = fakeFetch(undefined, withFlow(testAnswer({ onThisPage: false })));
    await start();
    await settle();
    expect(net.asks()).toHaveLength(1);
    expect(toursScript()).toBeNull();
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('loads /sdk-tours.js for a tour and hands it every answer, with the session on screen', async () => {
    let answer: unknown = testAnswer();
    const net = fakeFetch(undefined, () => ({ status: 200, body: { data: answer } }));
    const client = await start();
    await settle();
    expect(toursScript()).not.toBeNull();
    const bundle = { show: vi.fn(), session: vi.fn(() => 'sess-1') };
    loadBundle(bundle);
    await settle();
    expect(bundle.show).toHaveBeenCalledExactlyOnceWith(testAnswer(), {
      host: HOST,
      writeKey: KEY,
      ask: expect.any(Function),
    });

    answer = null; // e.g. unpublished
    client.track('Clicked');
    await settle(1000);
    expect(net.asks()).toHaveLength(2);
    expect(net.asks()[1]!.body.session_id).toBe('sess-1');
    expect(bundle.show).toHaveBeenLastCalledWith(null, expect.anything());

    // The bundle's poll: the runtime's ask sends at once.
    bundle.show.mock.calls[0]![1].ask();
    await settle();
    expect(net.asks()).toHaveLength(3);
    expect(document.head.querySelectorAll('script')).toHaveLength(1); // loaded once
  });

  it('retries network errors, 429 and 5xx with backoff, not other errors, and never throws', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const replies: Reply[] = [
      'network-error',
      { status: 503 },
      { status: 429, headers: { 'Retry-After': '5' } },
      { status: 200, body: { data: null } },
    ];
    const net = fakeFetch(undefined, (_req, i) => replies[i] ?? { status: 400 });
    const client = await start();
    await settle();
    expect(net.asks()).toHaveLength(1);
    await settle(999); // backoff just under 1 s, then 2 s
    expect(net.asks()).toHaveLength(2);
    await settle(1998);
    expect(net.asks()).toHaveLength(3);
    await settle(4999); // Retry-After: 5 s is a floor
    expect(net.asks()).toHaveLength(3);
    await settle(1);
    expect(net.asks()).toHaveLength(4);

    history.pushState(null, '', '/bad');
    await settle(300);
    expect(net.asks()).toHaveLength(5); // answered 400
    await settle(60_000);
    expect(net.asks()).toHaveLength(5);

    vi.stubGlobal('fetch', () => {
      throw new Error('blocked by an extension');
    });
    expect(() => client.reset()).not.toThrow();
    await settle();
    fakeFetch(undefined, () => ({ status: 200, body: { data: { flow: 'garbage' } } }));
    expect(() => client.track('x')).not.toThrow();
    await settle(1000);
    expect(toursScript()).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('an ask while a failed one waits for its backoff waits too (Retry-After holds)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const replies: Reply[] = [
      { status: 503, headers: { 'Retry-After': '10' } },
      { status: 200, body: { data: null } },
    ];
    const net = fakeFetch(
      undefined,
      (_req, i) => replies[i] ?? { status: 200, body: { data: null } },
    );
    await start();
    await settle();
    expect(net.asks()).toHaveLength(1);
    history.pushState(null, '', '/elsewhere'); // would ask after 300 ms
    await settle(5_000);
    expect(net.asks()).toHaveLength(1);
    await settle(5_000);
    expect(net.asks()).toHaveLength(2);
    expect(net.asks()[1]!.body.url).toContain('/elsewhere');
  });

  it('stops asking after a 401 on tracking, and before init', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const net = fakeFetch(() => ({ status: 401 }));
    const client = await start();
    await settle();
    client.track('a');
    await settle(1000);
    expect(net.asks()).toHaveLength(1);
    history.pushState(null, '', '/after');
    await settle(300);
    expect(net.asks()).toHaveLength(1);

    vi.resetModules();
    const { createClient } = await import('../client');
    const early = createClient();
    clients.push(early);
    early.track('before init');
    early.identify('u');
    await settle(2000);
    expect(net.asks()).toHaveLength(1);
  });
});

describe('sdk.js with the real tours bundle', () => {
  it('plays the tour the server answers', async () => {
    const net = fakeFetch(undefined, withFlow(testAnswer({ step: 's2' })));
    await start();
    await settle();
    loadBundle((await import('./index')) as ToursModule);
    await settle();
    const host = document.querySelector('[data-signpost-tour]');
    expect(host?.shadowRoot?.querySelector('[role="dialog"]')).toHaveTextContent('About s2');
    const seen = net.flowRequests.find((r) => r.path === '7/track');
    expect(seen?.body).toMatchObject({ session_id: 'sess-1', step_id: 's2', type: 'step_seen' });
    (await import('./runtime')).show(null, { host: HOST, writeKey: KEY, ask: () => {} });
    expect(document.querySelector('[data-signpost-tour]')).toBeNull();
  });

  it('destroy removes the tour on screen and asks no more', async () => {
    const net = fakeFetch(undefined, withFlow(testAnswer({ step: 's2' })));
    const client = await start();
    await settle();
    loadBundle((await import('./index')) as ToursModule);
    await settle();
    expect(document.querySelector('[data-signpost-tour]')).not.toBeNull();
    const asked = net.asks().length;
    client.destroy();
    expect(document.querySelector('[data-signpost-tour]')).toBeNull();
    await settle(10_000); // the 3 s poll would have asked three times
    expect(net.asks()).toHaveLength(asked);
  });
});
