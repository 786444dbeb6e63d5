import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILDER_STORAGE_KEY } from '../../../lib/contracts/builder-constants';
import { TEST_STEPS } from '../testing/flows';
import { start } from './index';
import {
  aSession,
  builderButton as buttonNamed,
  builderHost,
  HOST,
  resetBuilder,
  storeSession,
  stubServer,
} from './test-setup';

/** sdk-builder.js's entry and Preview on site (docs/builder.md), in jsdom. */

const session = (overrides: Parameters<typeof aSession>[0] = {}) =>
  aSession({
    token: 'bt_preview',
    step_id: 's1',
    mode: 'preview',
    step_type: 'modal',
    ...overrides,
  });
const store = storeSession;

/** The tour the renderer plays (its own host, not the builder's). */
const tourHost = () => document.querySelector('[data-signpost-tour]:not([data-signpost-builder])');
const tourDialog = () => tourHost()?.shadowRoot?.querySelector('[role="dialog"]');

/** The flow's answer for `GET /v1/builder/flow`; the revocation of Cancel answers 204. */
const serveFlow = (answer: { status: number; body: unknown }) =>
  stubServer(({ init }) => (init.method === 'DELETE' ? { status: 204 } : answer)).fetchMock;

beforeEach(() => {
  document.body.innerHTML = '<main><button data-testid="go">Go</button></main>';
});
afterEach(resetBuilder);

describe('start (sdk-builder.js)', () => {
  it('opens the picker for a pick session, once per page', () => {
    stubServer(() => ({ status: 204 }));
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

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${HOST}/v1/builder/flow`);
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer bt_preview');
    expect(tourDialog()!.textContent).toContain('Step s1');
    expect(builderHost()!.shadowRoot!.textContent).toContain('Previewing “Welcome”');
    // Nothing is reported: the only call is the flow's.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    buttonNamed('Cancel').click();
  });

  it('plays the tour in the look visitors get: the theme the server sends', async () => {
    serveFlow({
      status: 200,
      body: {
        data: {
          id: 7,
          brand_id: 3,
          name: 'Welcome',
          steps: TEST_STEPS,
          theme: { card_background: '#0f172a', corner_radius: 4, z_index: 1000 },
        },
      },
    });
    store(session());
    start(HOST);
    await vi.waitFor(() => expect(tourDialog()).toBeTruthy());
    const css = tourHost()!.shadowRoot!.querySelector('style')!.textContent!;
    expect(css).toContain('.layer{--sp-card:#0f172a;--sp-radius:4px}');
    expect((tourHost() as HTMLElement).style.getPropertyValue('z-index')).toBe('1000');
    buttonNamed('Cancel').click();
  });

  it('Cancel ends the tour and the session', async () => {
    const fetchMock = serveFlow({
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
    // The token is revoked on the server too (best effort).
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe(`${HOST}/v1/builder/session`);
    expect(init.method).toBe('DELETE');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer bt_preview');
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
