import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  appUrl,
  isLoopbackUrl,
  loadEnv,
  mailTransport,
  paymentProviderName,
  readDotEnv,
  shortLinksElsewhere,
  testMode,
} from './env';

describe('configuration', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, ROLE: 'all' });
    expect([env.DATABASE_URL, env.REDIS_URL, env.SMTP_URL]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(env.DATA_DIR.endsWith('.data')).toBe(true);
    expect(appUrl(env)).toBe('http://localhost:3000');
  });

  it('lists every problem at once, readably', () => {
    expect(() =>
      loadEnv({ PORT: 'x', ROLE: 'both', REDIS_URL: 'http://r', SMTP_URL: 'mail.example.com' }),
    ).toThrowError(
      /Invalid configuration:\n {2}- PORT: .*\n {2}- ROLE: .*\n {2}- REDIS_URL: REDIS_URL must start with redis:\/\/ or rediss:\/\/\n {2}- SMTP_URL: SMTP_URL must start with smtp:\/\/ or smtps:\/\//,
    );
  });

  it('treats empty strings as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', REDIS_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(loadEnv({ ANALYTICS_THREAD_POLICY: '' }).ANALYTICS_THREAD_POLICY).toBe('batch');
  });

  it("runs DuckDB's thread as background work unless told otherwise", () => {
    expect(loadEnv({}).ANALYTICS_THREAD_POLICY).toBe('batch');
    expect(loadEnv({ ANALYTICS_THREAD_POLICY: 'normal' }).ANALYTICS_THREAD_POLICY).toBe('normal');
    expect(() => loadEnv({ ANALYTICS_THREAD_POLICY: 'idle' })).toThrowError(
      /ANALYTICS_THREAD_POLICY/,
    );
  });

  it('reads TRUST_PROXY as a flag, a hop count or proxy addresses', () => {
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).TRUST_PROXY).toBe(
      '10.0.0.0/8,127.0.0.1',
    );
  });

  it('loads a .env file without overriding the environment', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'env-')), '.env');
    writeFileSync(file, '# comment\nPORT=4000\nexport SMTP_URL="smtp://mail:25"\nROLE=api\n');
    const target: Record<string, string | undefined> = { ROLE: 'web' };
    readDotEnv(file, target);
    expect(target).toEqual({ PORT: '4000', SMTP_URL: 'smtp://mail:25', ROLE: 'web' });
    expect(loadEnv(target)).toMatchObject({ PORT: 4000, ROLE: 'web', SMTP_URL: 'smtp://mail:25' });
  });

  it('switches to Stripe only with its webhook secret and publishable key', () => {
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrowError(
      /STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set[\s\S]*STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set/,
    );
    expect(
      loadEnv({
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      }).STRIPE_SECRET_KEY,
    ).toBe('sk_test_x');
    expect(loadEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('refuses the outbox and the payment simulator on a public APP_URL, naming what to set', () => {
    const run = (extra: Record<string, string>) => () =>
      loadEnv({ APP_URL: 'https://signpost.example.com', ...extra });
    expect(run({})).toThrowError(
      /- SMTP_URL: SMTP_URL is required when APP_URL \(https:\/\/signpost\.example\.com\) is not a loopback address.*MAIL_TRANSPORT=outbox[^\n]*\n {2}- STRIPE_SECRET_KEY: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY are required.*PAYMENT_PROVIDER=local/,
    );
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
    };
    const real = run({
      SMTP_URL: 'smtps://u:p@smtp.example.com',
      SHORT_URL_BASE_URL: 'https://go.example.net',
      ...stripe,
    })();
    expect([mailTransport(real), paymentProviderName(real)]).toEqual(['smtp', 'stripe']);
    expect(testMode(real)).toEqual({ mail: false, payments: false });
    // Explicitly allowed: test mode.
    const test = run({
      MAIL_TRANSPORT: 'outbox',
      PAYMENT_PROVIDER: 'local',
      SHORT_URL_BASE_URL: 'https://go.example.net',
    })();
    expect(testMode(test)).toEqual({ mail: true, payments: true });
    expect(run({ MAIL_TRANSPORT: 'smtp', PAYMENT_PROVIDER: 'local' })).toThrowError(
      /SMTP_URL is required when MAIL_TRANSPORT=smtp/,
    );
    expect(run({ MAIL_TRANSPORT: 'post' })).toThrowError(/MAIL_TRANSPORT/);
    // A laptop: no switch needed, not test mode.
    for (const url of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
      'http://app.localhost',
    ])
      expect(testMode(loadEnv({ APP_URL: url }))).toEqual({ mail: false, payments: false });
    expect(testMode(loadEnv({}))).toEqual({ mail: false, payments: false });
    expect(isLoopbackUrl('http://localhost.example.com')).toBe(false);
    expect(isLoopbackUrl('http://127.0.0.1.nip.io')).toBe(false);
  });
  it('refuses a public APP_URL whose short links share its host, naming SHORT_URL_BASE_URL', () => {
    const base = {
      APP_URL: 'https://signpost.example.com',
      MAIL_TRANSPORT: 'outbox',
      PAYMENT_PROVIDER: 'local',
    };
    expect(() => loadEnv(base)).toThrowError(
      /- SHORT_URL_BASE_URL: SHORT_URL_BASE_URL is required when APP_URL \(https:\/\/signpost\.example\.com\) is not a loopback address: short links on the dashboard's own host/,
    );
    for (const same of ['https://signpost.example.com', 'http://SIGNPOST.example.com:8080/x'])
      expect(() => loadEnv({ ...base, SHORT_URL_BASE_URL: same }), same).toThrowError(
        /SHORT_URL_BASE_URL \(.*\) must be on another host than APP_URL \(signpost\.example\.com\)/,
      );
    const ok = loadEnv({ ...base, SHORT_URL_BASE_URL: 'https://go.example.net' });
    expect(shortLinksElsewhere(ok)).toBe('signpost.example.com');
    // A laptop needs none; with none the redirect answers on the dashboard's host.
    expect(shortLinksElsewhere(loadEnv({}))).toBeUndefined();
    expect(() => loadEnv({ SHORT_URL_BLOCKLIST_FILE: '/nonexistent/blocklist.txt' })).toThrowError(
      /SHORT_URL_BLOCKLIST_FILE names a file that does not exist/,
    );
  });
});
