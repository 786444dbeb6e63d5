import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from '../mocks/node';
import { resetMockDb } from '../mocks/db';
import { setRoute } from './router';
import { resetAllStores } from './stores';

// The Next.js router is an edge we do not own: every test gets `mockRouter` (tests/setup/router.ts).
vi.mock('next/router', async () => (await import('./router')).routerModule());
// Every zustand store goes back to its initial state after each test (tests/setup/stores.ts).
vi.mock('zustand', async () => (await import('./stores')).zustandModule());

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
