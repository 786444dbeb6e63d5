import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appUrl, loadEnv, readDotEnv } from './env';

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
});
