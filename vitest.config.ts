import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = { '@': root.replace(/\/$/, '') };

export default defineConfig({
  resolve: { alias },
  esbuild: { jsx: 'automatic' },
  test: {
    // Vitest's default on two cores is one worker; the unit files are CPU-bound and independent,
    // so both cores run them (210 → 130 s on this machine kind). The server project keeps one
    // fork (below). Set here because vitest reads worker counts only at the root.
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      {
        resolve: { alias },
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'unit',
          globals: true,
          environment: 'jsdom',
          // A guard against a hung test, not a speed check: with two workers on a busy machine a
          // long component test (the 3-D Secure checkout) once passed the default 5 s.
          testTimeout: 15_000,
          setupFiles: ['tests/setup/unit.ts'],
          include: [
            'lib/**/*.test.{ts,tsx}',
            'components/**/*.test.{ts,tsx}',
            'features/**/*.test.{ts,tsx}',
            'api/**/*.test.{ts,tsx}',
            'stores/**/*.test.{ts,tsx}',
            'hooks/**/*.test.{ts,tsx}',
            'tests/components/**/*.test.{ts,tsx}',
            'sdk/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          globals: true,
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite instances are heavy: run files one at a time on this 2-core machine (two forks
          // were slower). The files share that one process and its module graph (isolate: false):
          // each builds its own app, database and store, so loading the server once instead of per
          // file saves ~20 % of the suite. Module state therefore outlives a file: restore timers and
          // mocks (the three options below do it for mocks, stubbed env and globals).
          pool: 'forks',
          poolOptions: { forks: { singleFork: true, isolate: false } },
          restoreMocks: true,
          unstubEnvs: true,
          unstubGlobals: true,
          setupFiles: ['tests/setup/server.ts'],
        },
      },
    ],
  },
});
