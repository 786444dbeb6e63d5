import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from '../mocks/node';
import { resetMockDb } from '../mocks/db';
import { setRoute } from './router';
import { resetAllStores } from './stores';

// The Next.js router is an edge we do not own: every test gets `mockRouter` (tests/setup/router.ts).
vi.mock('next/router', async () => (await import('./router')).routerModule());
// Every zustand store goes back to its initial state after each test (tests/setup/stores.ts).
vi.mock('zustand', async () => (await import('./stores')).zustandModule());

// findBy*/waitFor give up after 5 s, not Testing Library's 1 s: a bound for a screen that never
// comes, not a speed check. Under the full suite on two busy cores a lazily loaded screen took
// longer than 1 s to render (billing-profile, CI of 2026-11-29).
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetMockDb();
  localStorage.clear();
  resetAllStores();
  setRoute('/');
});
afterAll(() => server.close());
