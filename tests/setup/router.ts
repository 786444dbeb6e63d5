import { vi } from 'vitest';

type Handler = (...args: unknown[]) => void;

/** The router's `events` emitter (on / off / emit). */
function createEmitter() {
  const handlers = new Map<string, Set<Handler>>();
  return {
    on: (type: string, handler: Handler) => {
      const set = handlers.get(type) ?? new Set<Handler>();
      set.add(handler);
      handlers.set(type, set);
    },
    off: (type: string, handler: Handler) => void handlers.get(type)?.delete(handler),
    emit: (type: string, ...args: unknown[]) => handlers.get(type)?.forEach((h) => h(...args)),
  };
}

/** A mutable stand-in for the Next.js router (an edge we do not own). */
export function createMockRouter() {
  return {
    pathname: '/',
    asPath: '/',
    route: '/',
    query: {} as Record<string, string | string[] | undefined>,
    isReady: true,
    basePath: '',
    isFallback: false,
    isPreview: false,
    isLocaleDomain: false,
    events: createEmitter(),
    push: vi.fn(async () => true),
    replace: vi.fn(async () => true),
    back: vi.fn(),
    forward: vi.fn(),
    reload: vi.fn(),
    prefetch: vi.fn(async () => undefined),
    beforePopState: vi.fn(),
  };
}
export type MockRouter = ReturnType<typeof createMockRouter>;

/**
 * The router every `useRouter()` of the `unit` project returns: `tests/setup/unit.ts` mocks
 * `next/router` with it once, and puts it back on `/` (fresh `push`, `replace`… spies, no event
 * handlers) after each test. Assert on it: `expect(mockRouter.push).toHaveBeenCalledWith('/flows')`.
 */
export const mockRouter = createMockRouter();

/**
 * Puts the shared router on a route, e.g. `setRoute('/verify-email', { token: 'x' })`; `extra`
 * sets anything else (`{ isReady: false }`, or a `push` of the test's own).
 */
export function setRoute(
  pathname: string,
  query: Record<string, string> = {},
  extra: Partial<MockRouter> = {},
) {
  const search = new URLSearchParams(query).toString();
  Object.assign(mockRouter, createMockRouter(), {
    pathname,
    route: pathname,
    asPath: search ? `${pathname}?${search}` : pathname,
    query,
    ...extra,
  });
}

/** The `next/router` module as `tests/setup/unit.ts` mocks it. */
export function routerModule() {
  return { __esModule: true, useRouter: () => mockRouter, default: mockRouter };
}
