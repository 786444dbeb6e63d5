import { readdirSync, existsSync } from 'node:fs';
import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

const FRONTEND = ['./pages', './components', './features', './api', './stores', './hooks'];
const features = existsSync('./features')
  ? readdirSync('./features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/**
 * Architecture boundaries (docs/architecture.md#3-repository-layout): features are independent and
 * only pages compose them, lib imports nothing, the SDK ships none of the dashboard or the server.
 */
const zones = [
  {
    target: './lib',
    from: [...FRONTEND, './server', './sdk', './tests'],
    message: 'lib/ imports nothing from the rest of the app.',
  },
  { target: './server', from: FRONTEND, message: 'The server never imports dashboard code.' },
  { target: FRONTEND, from: './server', message: 'Dashboard code never imports the server.' },
  {
    target: './api',
    from: ['./components', './features', './pages', './stores', './hooks'],
    message: 'api/ holds no React and no features.',
  },
  {
    target: ['./components', './hooks', './stores'],
    from: './features',
    message:
      'Shared dashboard code never imports a feature; pages and pages/_app.tsx compose them.',
  },
  {
    target: './sdk',
    from: [...FRONTEND, './server', './tests', './e2e', './bench', './scripts'],
    message: "The SDK ships in customers' pages: it never imports dashboard or server code.",
  },
  {
    // The SDK's tests may also check it against lib/ helpers (the snippet the dashboard shows).
    target: './sdk/src/**/!(*.test).ts',
    from: './lib',
    except: ['./contracts', './flows'],
    message: 'The SDK imports only lib/contracts and lib/flows from lib/.',
  },
  ...features.map((f) => ({
    target: `./features/${f}`,
    from: './features',
    except: [`./${f}`],
    message: 'A feature never imports another feature; compose them in pages.',
  })),
];

const config = [
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      'node_modules/**',
      'public/**',
      'server/db/migrations/**',
      '.data*/**',
      'coverage/**',
      'playwright-report/**',
      'test-results/**',
      'next-env.d.ts',
      'sdk/dist/**',
    ],
  },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    // Dependencies are not parsed for import/no-cycle: a cycle needs our own files on both ends.
    settings: { 'import/ignore': ['node_modules'] },
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      // Import cycles make start-up order matter and hide layering mistakes: none allowed.
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@next/next/no-html-link-for-pages': 'off',
    },
  },
  {
    files: ['server/**', 'scripts/**', 'bench/**', 'e2e/**', 'tests/server/**', '*.config.*'],
    rules: { '@next/next/no-assign-module-variable': 'off' },
  },
  {
    // Configuration is read in one place per side (docs/architecture.md#3-repository-layout):
    // server/env.ts (validated) and lib/public-env.ts (the dashboard's NEXT_PUBLIC_* values).
    // Tools that run outside the app read their own variables: config files, scripts, benches,
    // end-to-end and test code.
    files: ['**/*.{ts,tsx,mjs,js}'],
    ignores: [
      'server/env.ts',
      'lib/public-env.ts',
      '*.config.*',
      'scripts/**',
      'bench/**',
      'e2e/**',
      'tests/**',
      '**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Read configuration from server/env.ts (server) or lib/public-env.ts (dashboard).',
        },
      ],
    },
  },
];

export default config;
