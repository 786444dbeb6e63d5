import { setupWorker } from 'msw/browser';
import { db, loadMockDb, type MockDbState } from './db';
import { handlers } from './handlers';

/** MSW worker for `npm run dev:mock`; the mock database survives reloads in session storage. */
export const worker = setupWorker(...handlers);

const STORAGE_KEY = 'msw:db';

function restore(): void {
  try {
    const saved = window.sessionStorage.getItem(STORAGE_KEY);
    if (saved) loadMockDb(JSON.parse(saved) as MockDbState);
  } catch {
    // A corrupt snapshot just means starting from the seed.
  }
}

function persist(): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(db));
  } catch {
    // Storage full or unavailable: the mock keeps working in memory.
  }
}

export async function startMockWorker(): Promise<void> {
  restore();
  worker.events.on('response:mocked', persist);
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
}
