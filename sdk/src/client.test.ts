import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { IngestMessage } from '@/lib/contracts/ingest';
import { createClient } from './client';
import { BACKOFF_CAP_MS, MAX_EVENT_BYTES } from './core/constants';
import { fakeBeacon, fakeFetch, settle, type Reply } from './testing/fake-network';
import type { SdkMessage, SignpostClient } from './types';

const KEY = 'wk_test_key';
const HOST = 'https://signpost.example.com';
const QUEUE = `signpost:${KEY}:queue`;

let clients: SignpostClient[] = [];
/** A client as the snippet would start it; autoPage off unless a test is about page views. */
function start(options: { autoPage?: boolean } = {}): SignpostClient {
  const client = createClient();
  clients.push(client);
  client.init({ writeKey: KEY, host: HOST, autoPage: options.autoPage ?? false });
  return client;
}
const stored = (): SdkMessage[] => JSON.parse(localStorage.getItem(QUEUE) ?? '[]');
const names = (events: SdkMessage[]) => events.map((e) => e.event ?? e.type);

beforeEach(() => {
  vi.useFakeTimers();
  history.replaceState(null, '', '/');
});
afterEach(() => {
  clients.forEach((c) => c.destroy());
  clients = [];
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('wire format', () => {
  it('matches the ingestion contract shared with the server', () => {
    expectTypeOf<SdkMessage>().toMatchTypeOf<IngestMessage>();
  });

  it('POSTs text/plain JSON with the write key, sentAt and full messages', async () => {
    const net = fakeFetch();
    const client = start();
    client.identify('user-1', { plan: 'pro' });
    client.track('Signed up', { source: 'ad' });
    await settle(1000);

    expect(net.requests).toHaveLength(1);
    const [req] = net.requests;
    expect(req.url).toBe(`${HOST}/v1/batch`);
    expect(req.init.method).toBe('POST');
    expect(req.init.headers).toEqual({ 'Content-Type': 'text/plain' });
    expect(req.body.writeKey).toBe(KEY);
    expect(new Date(req.body.sentAt).toISOString()).toBe(req.body.sentAt);
    const [identify, track] = req.body.batch;
    expect(identify).toMatchObject({ type: 'identify', userId: 'user-1', traits: { plan: 'pro' } });
    expect(track).toMatchObject({
      type: 'track',
      event: 'Signed up',
      userId: 'user-1',
      properties: { source: 'ad' },
      context: {
        library: { name: 'signpost-sdk', version: client.version },
        page: { url: 'http://localhost:3000/', path: '/', search: '' },
        locale: navigator.language,
        userAgent: navigator.userAgent,
      },
    });
    expect(track.messageId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-/);
    expect(track.messageId).not.toBe(identify.messageId);
    expect(track.anonymousId).toBe(client.anonymousId());
    expect(track.context.screen).toEqual({ width: screen.width, height: screen.height });
  });
});

describe('batching', () => {
  it('sends at once when 20 events are queued', async () => {
    const net = fakeFetch();
    const client = start();
    for (let i = 0; i < 19; i++) client.track(`e${i}`);
    await settle();
    expect(net.requests).toHaveLength(0);

    client.track('e19');
    await settle();
    expect(net.requests).toHaveLength(1);
    expect(names(net.requests[0].body.batch)).toEqual(
      Array.from({ length: 20 }, (_, i) => `e${i}`),
    );
  });

  it('sends fewer events one second after the first of them', async () => {
    const net = fakeFetch();
    const client = start();
    client.track('a');
    await settle(500);
    client.track('b');
    await settle(499);
    expect(net.requests).toHaveLength(0);
    await settle(1);
    expect(names(net.events())).toEqual(['a', 'b']);
    expect(stored()).toEqual([]);
  });

  it('keeps only one request in flight and sends what arrived meanwhile afterwards', async () => {
    let release: (r: Response) => void = () => {};
    const batches: RequestInit[] = [];
    const fetchMock = vi.fn((url: string, init: RequestInit) => {
      if (url.includes('/v1/flows/')) return Promise.resolve(new Response('{"data":null}'));
      batches.push(init);
      return new Promise<Response>((r) => (release = r));
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = start();
    client.track('first');
    await settle(1000);
    expect(batches).toHaveLength(1);

    for (let i = 0; i < 25; i++) client.track(`later${i}`);
    client.flush();
    await settle(5000);
    expect(batches).toHaveLength(1);
    // Acknowledging the first request removes only its event.
    release(new Response(JSON.stringify({ accepted: 1, rejected: [] })));
    await settle();
    expect(batches).toHaveLength(2);
    const second = JSON.parse(String(batches[1].body)) as { batch: SdkMessage[] };
    expect(second.batch).toHaveLength(25);
    expect(stored().map((e) => e.event)).toEqual(second.batch.map((e) => e.event));
  });

  it('splits a large backlog into requests of at most 500 KB, in order', async () => {
    const net = fakeFetch();
    const client = start();
    const big = 'x'.repeat(30_000);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    for (let i = 0; i < 40; i++) client.track(`big${i}`, { big });
    await settle();
    vi.stubGlobal('fetch', net.fetchMock);
    window.dispatchEvent(new Event('online'));
    for (let i = 0; i < 4; i++) await settle(1000);

    expect(net.requests.length).toBeGreaterThanOrEqual(3);
    for (const r of net.requests)
      expect(new TextEncoder().encode(String(r.init.body)).length).toBeLessThanOrEqual(500_000);
    expect(names(net.events())).toEqual(Array.from({ length: 40 }, (_, i) => `big${i}`));
  });
});

describe('persistence', () => {
  it('keeps unsent events across a reload and sends them with their original ids', async () => {
    fakeFetch(() => 'network-error');
    const before = start();
    before.track('Viewed pricing');
    before.track('Started trial');
    await settle(1000);
    const queued = stored();
    expect(names(queued)).toEqual(['Viewed pricing', 'Started trial']);
    before.destroy(); // the page goes away

    const net = fakeFetch();
    start(); // the next page load
    await settle();
    expect(net.events().map((e) => e.messageId)).toEqual(queued.map((e) => e.messageId));
    expect(stored()).toEqual([]);
  });

  it('bounds the queue at 1,000 events by dropping the oldest', async () => {
    fakeFetch(() => 'network-error');
    const client = start();
    for (let i = 0; i < 1005; i++) client.track(`e${i}`);
    const queue = stored();
    expect(queue).toHaveLength(1000);
    expect(queue[0].event).toBe('e5');
    expect(queue[999].event).toBe('e1004');
  });

  it('queues calls made before init and sends them after it', async () => {
    const net = fakeFetch();
    const client = createClient();
    clients.push(client);
    client.track('early');
    await settle(2000);
    expect(net.requests).toHaveLength(0);
    client.init({ writeKey: KEY, host: HOST, autoPage: false });
    await settle(1000);
    expect(names(net.events())).toEqual(['early']);
  });
});

describe('retries', () => {
  it('retries 503 with growing, jittered, capped delays and keeps the order', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    let failures = 7;
    const net = fakeFetch((req) => (failures-- > 0 ? { status: 503 } : accept(req)));
    const client = start();
    client.track('a');
    await settle(1000);
    expect(net.requests).toHaveLength(1);

    // Delays just under 1, 2, 4, 8, 16, 30, 30 s (random 0.999 of min(30 s, 1 s·2^n)).
    const gaps: number[] = [];
    let last = Date.now();
    for (let i = 0; i < 7; i++) {
      const count = net.requests.length;
      while (net.requests.length === count) await settle(50);
      gaps.push(Date.now() - last);
      last = Date.now();
      if (i === 0) client.track('b'); // queued during the backoff, sent after 'a'
    }
    expect(gaps.map((g) => Math.round(g / 1000))).toEqual([1, 2, 4, 8, 16, 30, 30]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(BACKOFF_CAP_MS + 1000);
    expect(names(net.requests.at(-1)!.body.batch)).toEqual(['a', 'b']);
    expect(stored()).toEqual([]);
  });

  it('spreads retries with full jitter (a random share of the backoff)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.25);
    const net = fakeFetch((req, i) => (i < 3 ? { status: 500 } : accept(req)));
    start().track('a');
    await settle(1000);
    await settle(249); // 0.25 × 1 s
    expect(net.requests).toHaveLength(1);
    await settle(1001);
    expect(net.requests).toHaveLength(2);
  });

  it('honours Retry-After on 429', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const net = fakeFetch((req, i) =>
      i === 0 ? { status: 429, headers: { 'Retry-After': '5' } } : accept(req),
    );
    start().track('a');
    await settle(1000);
    await settle(4900);
    expect(net.requests).toHaveLength(1);
    await settle(200);
    expect(net.requests).toHaveLength(2);
    expect(stored()).toEqual([]);
  });

  it('retries network errors and a fetch that throws synchronously', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const net = fakeFetch((req, i) => (i === 0 ? 'network-error' : accept(req)));
    const client = start();
    vi.stubGlobal('fetch', () => {
      throw new Error('blocked by an extension');
    });
    expect(() => client.track('a')).not.toThrow();
    await settle(1000);
    vi.stubGlobal('fetch', net.fetchMock);
    await settle(1000);
    await settle(2000);
    expect(net.requests.length).toBe(2);
    expect(names(net.events())).toEqual(['a', 'a']);
    expect(stored()).toEqual([]);
  });

  it('flushes at once when the browser comes back online, skipping the backoff', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const net = fakeFetch((req, i) => (i < 5 ? 'network-error' : accept(req)));
    const client = start();
    client.track('a');
    await settle(1000);
    for (let i = 0; i < 4; i++) {
      const n = net.requests.length;
      while (net.requests.length === n) await settle(100);
    }
    expect(net.requests).toHaveLength(5); // now waiting ~16 s
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(net.requests).toHaveLength(6);
    expect(stored()).toEqual([]);
  });

  it.each([400, 403, 404, 422])('drops the batch without retrying on %i', async (status) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const net = fakeFetch(() => ({ status }));
    const client = start();
    client.track('bad');
    await settle(1000);
    await settle(120_000);
    expect(net.requests).toHaveLength(1);
    expect(stored()).toEqual([]);
    expect(warn).toHaveBeenCalled();
    // The next event goes out normally.
    client.track('next');
    await settle(1000);
    expect(names(net.requests[1].body.batch)).toEqual(['next']);
  });

  it('stops on 401 with one warning until the next init', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const net = fakeFetch(() => ({ status: 401 }));
    const client = start();
    client.track('a');
    await settle(1000);
    client.track('b');
    client.flush();
    await settle(60_000);
    expect(net.requests).toHaveLength(1);
    expect(stored()).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0].join(' '))).toMatch(/unknown write key/);

    const ok = fakeFetch();
    client.init({ writeKey: KEY, host: HOST, autoPage: false });
    client.track('c');
    await settle(1000);
    expect(names(ok.events())).toEqual(['c']);
  });

  it('pauses on 402 (over quota) keeping every event, then resumes after Retry-After', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let overQuota = true;
    const net = fakeFetch((req) =>
      overQuota ? { status: 402, headers: { 'Retry-After': '600' } } : accept(req),
    );
    const beacons = fakeBeacon();
    const client = start();
    client.track('a');
    await settle(1000);
    expect(net.requests).toHaveLength(1);
    client.track('b');
    window.dispatchEvent(new Event('online')); // coming back online does not end the pause
    client.flush();
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
    await settle(590_000);
    expect(net.requests).toHaveLength(1);
    expect(beacons.bodies).toEqual([]);
    expect(names(stored())).toEqual(['a', 'b']);
    expect(warn).toHaveBeenCalledTimes(1);

    overQuota = false;
    await settle(11_000);
    expect(net.requests).toHaveLength(2);
    expect(names(net.requests[1].body.batch)).toEqual(['a', 'b']);
    expect(net.requests[1].body.batch[0].messageId).toBe(net.requests[0].body.batch[0].messageId);
    expect(stored()).toEqual([]);
  });

  it('waits an hour on a 402 without Retry-After', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const net = fakeFetch((req, i) => (i === 0 ? { status: 402 } : accept(req)));
    start().track('a');
    await settle(1000);
    await settle(59 * 60_000);
    expect(net.requests).toHaveLength(1);
    await settle(60_000);
    expect(net.requests).toHaveLength(2);
    expect(stored()).toEqual([]);
  });

  it('acknowledges rejected events too: they are never retried', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const net = fakeFetch(() => ({
      status: 200,
      body: { accepted: 1, rejected: [{ index: 1, code: 'too_deep', message: 'x' }] },
    }));
    const client = start();
    client.track('ok');
    client.track('rejected');
    await settle(1000);
    await settle(60_000);
    expect(net.requests).toHaveLength(1);
    expect(stored()).toEqual([]);
  });

  it('halves the batch on 413 until it fits, then drops a single event the server refuses', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const net = fakeFetch((req) => {
      const batch = req.body.batch;
      const poisoned = batch.some((e) => e.event === 'poison');
      return poisoned || batch.length > 3 ? { status: 413 } : accept(req);
    });
    const client = start();
    for (let i = 0; i < 10; i++) client.track(i === 7 ? 'poison' : `e${i}`);
    for (let i = 0; i < 10; i++) await settle(1000);

    const sizes = net.requests.map((r) => r.body.batch.length);
    expect(sizes.slice(0, 3)).toEqual([10, 5, 3]);
    const accepted = net.requests
      .filter((r) => r.body.batch.length <= 3 && !r.body.batch.some((e) => e.event === 'poison'))
      .flatMap((r) => names(r.body.batch));
    expect(accepted).toEqual(['e0', 'e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e8', 'e9']);
    expect(stored()).toEqual([]);
  });

  it('drops an event over 32 KB before queueing it, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const net = fakeFetch();
    const client = start();
    client.track('huge', { blob: 'x'.repeat(MAX_EVENT_BYTES) });
    client.track('small');
    await settle(1000);
    expect(names(net.events())).toEqual(['small']);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('page hide', () => {
  it('beacons the queue in chunks under 64 KB and keeps the events queued', async () => {
    fakeFetch(() => 'network-error');
    const beacon = fakeBeacon();
    const client = start();
    for (let i = 0; i < 200; i++) client.track(`e${i}`, { pad: 'y'.repeat(1000) });
    await settle(100);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide')); // both fire on unload: one beacon round

    expect(beacon.bodies.length).toBeGreaterThan(2);
    const sent: SdkMessage[] = [];
    for (const body of beacon.bodies) {
      expect(new TextEncoder().encode(body).length).toBeLessThan(64 * 1024);
      const parsed = JSON.parse(body) as { writeKey: string; batch: SdkMessage[] };
      expect(parsed.writeKey).toBe(KEY);
      sent.push(...parsed.batch);
    }
    expect(beacon.beaconMock.mock.calls[0][0]).toBe(`${HOST}/v1/batch`);
    expect(sent.map((e) => e.event)).toEqual(Array.from({ length: 200 }, (_, i) => `e${i}`));
    // Beacons are unconfirmed: the events stay until a fetch is acknowledged.
    expect(stored()).toHaveLength(200);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('stops beaconing when the browser refuses a chunk', () => {
    fakeFetch(() => 'network-error');
    const beacon = fakeBeacon(() => false);
    const client = start();
    for (let i = 0; i < 200; i++) client.track(`e${i}`, { pad: 'y'.repeat(1000) });
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon.beaconMock).toHaveBeenCalledTimes(1);
  });
});

describe('identity', () => {
  it('persists the anonymous id, stores the user id on identify and renews both on reset', async () => {
    const net = fakeFetch();
    const first = start();
    const anonymous = first.anonymousId();
    expect(anonymous).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.userId()).toBeNull();
    first.destroy();

    const second = start(); // a reload keeps both ids
    expect(second.anonymousId()).toBe(anonymous);
    second.identify(42, { email: 'ada@example.com' });
    expect(second.userId()).toBe('42');
    second.destroy();

    const third = start();
    expect(third.userId()).toBe('42');
    third.track('after reload');
    third.reset();
    expect(third.userId()).toBeNull();
    expect(third.anonymousId()).not.toBe(anonymous);
    third.track('after reset');
    await settle(1000);

    const [identify, beforeReset, afterReset] = net.events();
    expect(identify).toMatchObject({ type: 'identify', userId: '42', anonymousId: anonymous });
    expect(beforeReset).toMatchObject({ event: 'after reload', userId: '42' });
    expect(afterReset.userId).toBeUndefined();
    expect(afterReset.anonymousId).toBe(third.anonymousId());
  });

  it('sends the userHash of a signed identity with every event of that user, until reset or another user', async () => {
    const net = fakeFetch();
    const first = start();
    first.identify('u-1', { plan: 'pro' }, { userHash: 'a'.repeat(64) });
    first.destroy();
    const second = start(); // the signature survives a reload with its user id
    second.track('signed');
    second.identify('u-2');
    second.track('other user');
    second.identify('u-3', undefined, { userHash: 'b'.repeat(64) });
    second.reset();
    second.track('anonymous');
    await settle(1000);
    const [identify, signed, identify2, other, identify3, anonymous] = net.events();
    expect(identify).toMatchObject({ userId: 'u-1', userHash: 'a'.repeat(64) });
    expect(signed).toMatchObject({ userId: 'u-1', userHash: 'a'.repeat(64) });
    expect(identify2.userHash).toBeUndefined();
    expect(other).toMatchObject({ userId: 'u-2' });
    expect(other.userHash).toBeUndefined();
    expect(identify3).toMatchObject({ userId: 'u-3', userHash: 'b'.repeat(64) });
    expect(anonymous.userId).toBeUndefined();
    expect(anonymous.userHash).toBeUndefined();
  });

  it('attaches traits to the anonymous visitor with identify(traits)', async () => {
    const net = fakeFetch();
    const client = start();
    client.identify({ plan: 'free' });
    await settle(1000);
    expect(net.events()[0]).toMatchObject({ type: 'identify', traits: { plan: 'free' } });
    expect(net.events()[0].userId).toBeUndefined();
    expect(client.userId()).toBeNull();
  });
});

describe('page views', () => {
  it('sends a page view on init and on each new URL of pushState, replaceState and popstate', async () => {
    const net = fakeFetch();
    document.title = 'Home';
    start({ autoPage: true });

    history.pushState(null, '', '/pricing?plan=pro');
    document.title = 'Pricing'; // set by the app after navigating
    await settle(300);
    history.replaceState(null, '', '/pricing?plan=pro'); // same URL: no new page view
    await settle(300);
    history.pushState(null, '', '/docs');
    history.pushState(null, '', '/docs#install'); // quick succession: only the last one counts
    await settle(300);
    // Back button: the browser moves the URL without pushState, then fires popstate.
    History.prototype.replaceState.call(history, null, '', '/pricing?plan=pro');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await settle(300);
    await settle(1000);

    const pages = net.events().filter((e) => e.type === 'page');
    expect(pages.map((p) => p.properties?.path)).toEqual(['/', '/pricing', '/docs', '/pricing']);
    expect(pages[1].properties).toMatchObject({
      url: 'http://localhost:3000/pricing?plan=pro',
      search: '?plan=pro',
      title: 'Pricing',
      referrer: 'http://localhost:3000/',
    });
    expect(pages[1].context.page.path).toBe('/pricing');
    expect(pages[2].properties?.referrer).toBe('http://localhost:3000/pricing?plan=pro');
  });

  it('sends named page views on request and none automatically with autoPage: false', async () => {
    const net = fakeFetch();
    const client = start();
    history.pushState(null, '', '/elsewhere');
    await settle(300);
    client.page('Checkout', { step: 2 });
    await settle(1000);
    expect(net.events()).toHaveLength(1);
    expect(net.events()[0]).toMatchObject({
      type: 'page',
      name: 'Checkout',
      properties: { step: 2, path: '/elsewhere' },
    });
  });
});

describe('host page safety', () => {
  it('never throws when storage throws, and still delivers from memory', async () => {
    const net = fakeFetch();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const client = createClient();
    clients.push(client);
    expect(() => {
      client.init({ writeKey: KEY, host: HOST });
      client.identify('u1');
      client.track('still works');
      client.page();
      client.reset();
      client.flush();
    }).not.toThrow();
    await settle(1000);
    expect(names(net.events())).toEqual(['page', 'identify', 'still works', 'page']);
  });

  it('swallows bad input: circular properties, missing names, odd init options', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const net = fakeFetch();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const client = createClient();
    clients.push(client);
    expect(() => {
      client.init(undefined as never);
      client.init({ writeKey: KEY, host: HOST, autoPage: false });
      client.track('circular', circular);
      client.track(undefined as never);
      client.identify(null, undefined);
    }).not.toThrow();
    await settle(1000);
    expect(names(net.events())).toEqual(['identify']);
  });

  it('survives a server answering garbage', async () => {
    const net = fakeFetch(() => ({ status: 200, body: 'not json at all' }));
    const client = start();
    client.track('a');
    await settle(1000);
    expect(net.requests).toHaveLength(1);
    expect(stored()).toEqual([]);
  });
});

function accept(req: { body: { batch: unknown[] } }): Reply {
  return { status: 200, body: { accepted: req.body.batch.length, rejected: [] } };
}
