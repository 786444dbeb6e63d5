import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = { '@': root.replace(/\/$/, '') };

export default defineConfig({
  resolve: { alias },
  esbuild: { jsx: 'automatic' },
  test: {
    projects: [
      {
        resolve: { alias },
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'unit',
          globals: true,
          environment: 'jsdom',
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
          // PGlite instances are heavy: run files one at a time on this 2-core machine.
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
