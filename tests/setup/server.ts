import { afterAll, vi } from 'vitest';

// The server files share one process (vitest.config.ts, isolate: false): a file that faked the
// clock and failed before restoring it must not leave the next file on fake time.
afterAll(() => {
  vi.useRealTimers();
});
