import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuilderExchange } from '../../../lib/contracts/builder';
import { BUILDER_STORAGE_KEY } from '../../../lib/contracts/builder-constants';
import { TEST_STEPS } from '../testing/flows';
import { start } from './index';

/** sdk-builder.js's entry and Preview on site (docs/builder.md), in jsdom. */

const HOST = 'https://signpost.example.com';

const session = (overrides: Partial<BuilderExchange> = {}): BuilderExchange => ({
  token: 'bt_preview',
  expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
  flow_id: 7,
  step_id: 's1',
  brand_id: 3,
  mode: 'preview',
  origin: location.origin,
  step_type: 'modal',
  select_element: null,
  ...overrides,
});
const store = (s: BuilderExchange) =>
  sessionStorage.setItem(BUILDER_STORAGE_KEY, JSON.stringify(s));

const builderHost = () => document.querySelector('[data-signpost-builder]');
/** The tour the renderer plays (its own host, not the builder's). */
const tourDialog = () =>
  document
    .querySelector('[data-signpost-tour]:not([data-signpost-builder])')
    ?.shadowRoot?.querySelector('[role="dialog"]');
const buttonNamed = (name: string) =>
  Array.from(builderHost()!.shadowRoot!.querySelectorAll('button')).find(
    (b) => b.textContent === name,
  )!;

function serveFlow(answer: { status: number; body: unknown }) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify(answer.body), { status: answer.status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  document.body.innerHTML = '<main><button data-testid="go">Go</button></main>';
});
afterEach(() => {
  for (const el of Array.from(document.querySelectorAll('[data-signpost-tour]'))) el.remove();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('start (sdk-builder.js)', () => {
  it('opens the picker for a pick session, once per page', () => {
    store(session({ mode: 'pick' }));
    start(HOST);
    start(HOST);
    expect(document.querySelectorAll('[data-signpost-builder]')).toHaveLength(1);
    expect(buttonNamed('Use this element')).toBeTruthy();
    buttonNamed('Cancel').click(); // its listeners go with it
  });

  it('does nothing without a live session, and removes a dead one', () => {
    start(HOST);
    expect(builderHost()).toBeNull();
    store(session({ expires_at: new Date(Date.now() - 1000).toISOString() }));
    start(HOST);
    expect(builderHost()).toBeNull();
    expect(sessionStorage.getItem(BUILDER_STORAGE_KEY)).toBeNull();
  });
});

describe('Preview on site', () => {
  it('fetches the tour with the builder token and plays it on the page', async () => {
    const fetchMock = serveFlow({
      status: 200,
      body: { data: { id: 7, brand_id: 3, name: 'Welcome', steps: TEST_STEPS } },
    });
    store(session());
    start(HOST);
    await vi.waitFor(() => expect(tourDialog()).toBeTruthy());

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(`${HOST}/v1/builder/flow`);
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer bt_preview');
    expect(tourDialog()!.textContent).toContain('Step s1');
    expect(builderHost()!.shadowRoot!.textContent).toContain('Previewing “Welcome”');
    // Nothing is reported: the only call is the flow's.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    buttonNamed('Cancel').click();
  });

  it('Cancel ends the tour and the session', async () => {
    serveFlow({
      status: 200,
      body: { data: { id: 7, brand_id: 3, name: 'Welcome', steps: TEST_STEPS } },
    });
    store(session());
    start(HOST);
    await vi.waitFor(() => expect(tourDialog()).toBeTruthy());
    buttonNamed('Cancel').click();
    expect(tourDialog()).toBeFalsy();
    expect(builderHost()).toBeNull();
    expect(sessionStorage.getItem(BUILDER_STORAGE_KEY)).toBeNull();
  });

  it('shows the server’s message when the tour cannot be read', async () => {
    serveFlow({ status: 401, body: { message: 'This builder link has expired.', status: 401 } });
    store(session());
    start(HOST);
    await vi.waitFor(() =>
      expect(builderHost()!.shadowRoot!.textContent).toContain('This builder link has expired.'),
    );
    expect(tourDialog()).toBeFalsy();
    buttonNamed('Cancel').click();
  });
});
