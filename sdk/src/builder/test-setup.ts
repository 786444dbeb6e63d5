import { vi } from 'vitest';
import type { BuilderExchange } from '../../../lib/contracts/builder';
import { BUILDER_STORAGE_KEY } from '../../../lib/contracts/builder-constants';

/**
 * The builder tests' shared setup (jsdom): the API host, a live session, a scripted server
 * behind `fetch`, the builder's own controls, and the cleanup after each test. Tests only: the
 * bundle never imports it.
 */

export const HOST = 'https://signpost.example.com';

/** A live pick session for step `step-2` of tour 7, unless told otherwise. */
export const aSession = (overrides: Partial<BuilderExchange> = {}): BuilderExchange => ({
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

/** Keeps a session in sessionStorage as the exchange does. */
export const storeSession = (session: BuilderExchange = aSession()) =>
  sessionStorage.setItem(BUILDER_STORAGE_KEY, JSON.stringify(session));

/** The builder's host element (picker or preview), or null. */
export const builderHost = () => document.querySelector<HTMLElement>('[data-signpost-builder]');

/** A button of the builder's bar, by its text. */
export const builderButton = (name: string) =>
  Array.from(builderHost()!.shadowRoot!.querySelectorAll('button')).find(
    (b) => b.textContent === name,
  )!;

export interface Call {
  url: string;
  init: RequestInit;
}
export interface Answer {
  status: number;
  body?: unknown;
}

/**
 * Stubs `fetch` with a scripted server: every call is recorded, and `answer` (default: 200
 * `{data: null}`) says what it returns; a 204 has no body.
 */
export function stubServer(
  answer: (call: Call) => Answer | Promise<Answer> = () => ({ status: 200, body: { data: null } }),
) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    const call = { url: String(url), init };
    calls.push(call);
    const { status, body } = await answer(call);
    return new Response(status === 204 ? null : JSON.stringify(body ?? null), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The calls whose address ends with `path` (`/v1/builder/exchange`). */
  const to = (path: string) => calls.filter((c) => c.url.endsWith(path));
  return { calls, fetchMock, to };
}

/** After each test: the tours' and the builder's hosts removed, storage and stubs reset. */
export function resetBuilder(): void {
  for (const el of Array.from(document.querySelectorAll('[data-signpost-tour]'))) el.remove();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}
