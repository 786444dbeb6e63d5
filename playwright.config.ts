import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Project } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The test-mode server (e2e/test-mode.spec.ts). */
export const TEST_MODE_PORT = PORT + 1;
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Debian's firefox-esr, driven over WebDriver BiDi through e2e/firefox-bidi.mjs (docs/testing.md). */
const firefox = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
/** The specs that run in Firefox too: the builder on a second origin (pick, publish, play). */
const FIREFOX_SPECS = ['builder.spec.ts'];
const firefoxProject: Project[] = existsSync(firefox)
  ? [
      {
        name: 'firefox',
        testMatch: FIREFOX_SPECS,
        use: {
          browserName: 'firefox',
          channel: 'moz-firefox',
          launchOptions: {
            executablePath: path.resolve('e2e/firefox-bidi.mjs'),
            env: { ...process.env, SIGNPOST_FIREFOX: firefox },
          },
        },
      },
    ]
  : [];

/** E2E against the real server (production build) on a throw-away DATA_DIR, in Debian's Chromium. */
export default defineConfig({
  testDir: './e2e',
  // Playwright empties its output dir at start: a folder of its own, so `npm test`'s step logs in
  // test-results/summary survive the e2e step.
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }, ...firefoxProject],
  webServer: [
    {
      command: 'rm -rf .data-e2e && node --import tsx server/index.ts',
      url: `http://localhost:${PORT}/readyz`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: '.data-e2e',
        // Each test account signs up "from" an address of its own (e2e/api.ts), so the suite's
        // accounts do not share the sign-up limit of one client address.
        TRUST_PROXY: '127.0.0.1,::1',
        APP_URL: `http://localhost:${PORT}`,
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
        NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next-e2e',
      },
    },
    // A public APP_URL with the outbox and the simulator explicitly allowed: test mode.
    {
      command: 'rm -rf .data-e2e-test-mode && node --import tsx server/index.ts',
      url: `http://localhost:${TEST_MODE_PORT}/readyz`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(TEST_MODE_PORT),
        DATA_DIR: '.data-e2e-test-mode',
        APP_URL: 'https://signpost.example.com',
        // Short links need a host of their own on a public APP_URL (docs/short-urls.md).
        SHORT_URL_BASE_URL: 'https://go.signpost-links.example',
        MAIL_TRANSPORT: 'outbox',
        PAYMENT_PROVIDER: 'local',
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
        NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next-e2e',
      },
    },
  ],
});
