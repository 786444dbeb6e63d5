import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILDER_STORAGE_KEY } from './builder-launch';

/** The builder launch (docs/builder.md, "How a session runs"), in jsdom. */

const HOST = 'https://signpost.example.com';
const win = window as unknown as { signpostBuilder?: { start: (host: string) => void } };

const aliveSession = (overrides: Record<string, unknown> = {}) => ({
  token: 'bt_secret',
  expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
  flow_id: 7,
  step_id: 'step-2',
  brand_id: 3,
  mode: 'pick',
  origin: location.origin,
  step_type: 'tool_tip',
  select_element: null,
  ...overrides,
});

interface Call {
  url: string;
  init: RequestInit;
}

/** A scripted server: the exchange answers `exchange()`; tracking and tours answer "nothing". */
function fakeServer(
  exchange: () => { status: number; body: unknown } = () => ({
    status: 200,
    body: { data: aliveSession() },
  }),
) {
  const calls: Call[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const fetchMock = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    if (String(url).endsWith('/v1/builder/exchange')) {
      await gate;
      const { status, body } = exchange();
      return new Response(JSON.stringify(body), { status });
    }
    const body = String(url).includes('/v1/flows/')
      ? { data: null }
      : { accepted: 0, rejected: [] };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const exchanges = () => calls.filter((c) => c.url.endsWith('/v1/builder/exchange'));
  return { calls, exchanges, release };
}

const builderScripts = () =>
  Array.from(document.querySelectorAll('script')).filter((s) => s.src.endsWith('/sdk-builder.js'));

let launch: typeof import('./builder-launch');

/** A fresh copy of the launch, as a page load gets, taking the code as sdk.js does first thing. */
async function loadSdk(): Promise<void> {
  vi.resetModules();
  launch = await import('./builder-launch');
  launch.takeBuilderCode();
}

/** What init does once the host is known. */
const init = () => launch.startBuilder(HOST);
const flush = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

beforeEach(() => {
  history.replaceState({ app: 'state' }, '', '/pricing?plan=pro');
  sessionStorage.clear();
});
afterEach(() => {
  delete win.signpostBuilder;
  for (const script of builderScripts()) script.remove();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the builder launch', () => {
  it('removes the fragment at load, before init, keeping the path, query and history state', async () => {
    history.replaceState({ app: 'state' }, '', '/pricing?plan=pro#signpost-builder=c0de-1');
    const server = fakeServer();
    const replace = vi.spyOn(history, 'replaceState');

    await loadSdk();
    expect(location.hash).toBe('');
    expect(location.pathname + location.search).toBe('/pricing?plan=pro');
    expect(history.state).toEqual({ app: 'state' });
    expect(replace).toHaveBeenCalledTimes(1);
    // Nothing else happened yet: no request, nothing stored, no builder.
    expect(server.calls).toHaveLength(0);
    expect(sessionStorage.getItem(BUILDER_STORAGE_KEY)).toBeNull();
    expect(builderScripts()).toHaveLength(0);
  });

  it('exchanges the code once on the API host, stores the token, and only then loads the builder', async () => {
    history.replaceState(null, '', '/pricing#signpost-builder=c0de-1');
    const server = fakeServer();
    await loadSdk();
    init();
    init(); // a second init exchanges nothing more

    expect(server.exchanges()).toHaveLength(1);
    const [exchange] = server.exchanges();
    expect(exchange.url).toBe(`${HOST}/v1/builder/exchange`);
    expect(exchange.init.method).toBe('POST');
    expect(JSON.parse(String(exchange.init.body))).toEqual({ code: 'c0de-1' });
    expect(builderScripts()).toHaveLength(0); // not before the answer

    server.release();
    await flush();
    const stored = JSON.parse(sessionStorage.getItem(BUILDER_STORAGE_KEY)!) as { token: string };
    expect(stored.token).toBe('bt_secret');
    expect(builderScripts().map((s) => s.src)).toEqual([`${HOST}/sdk-builder.js`]);
    expect(server.exchanges()).toHaveLength(1);

    // The bundle, once evaluated, is started with the host.
    const start = vi.fn();
    win.signpostBuilder = { start };
    builderScripts()[0].dispatchEvent(new Event('load'));
    expect(start).toHaveBeenCalledWith(HOST);
  });

  it('loads nothing when the exchange is refused', async () => {
    history.replaceState(null, '', '/#signpost-builder=used');
    const server = fakeServer(() => ({
      status: 401,
      body: { message: 'This link has expired.', status: 401, code: 'builder_code_invalid' },
    }));
    await loadSdk();
    init();
    server.release();
    await flush();
    expect(server.exchanges()).toHaveLength(1);
    expect(sessionStorage.getItem(BUILDER_STORAGE_KEY)).toBeNull();
    expect(builderScripts()).toHaveLength(0);
  });

  it('resumes on a later page of the tab with the stored session, without an exchange', async () => {
    sessionStorage.setItem(BUILDER_STORAGE_KEY, JSON.stringify(aliveSession()));
    const server = fakeServer();
    await loadSdk();
    init();
    expect(server.exchanges()).toHaveLength(0);
    expect(builderScripts().map((s) => s.src)).toEqual([`${HOST}/sdk-builder.js`]);
  });

  it('on a page without the fragment or a session, loads nothing extra', async () => {
    const server = fakeServer();
    const replace = vi.spyOn(history, 'replaceState');
    await loadSdk();
    init();
    await flush();
    expect(replace).not.toHaveBeenCalled();
    expect(server.exchanges()).toHaveLength(0);
    expect(server.calls.every((c) => !c.url.includes('/builder'))).toBe(true);
    expect(builderScripts()).toHaveLength(0);
    expect(sessionStorage.getItem(BUILDER_STORAGE_KEY)).toBeNull();
  });

  it('ignores a fragment that only mentions the key', async () => {
    history.replaceState(null, '', '/docs#section-signpost-builder=x');
    fakeServer();
    await loadSdk();
    expect(location.hash).toBe('#section-signpost-builder=x');
  });
});
