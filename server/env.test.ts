import { describe, expect, it } from 'vitest';
import { appUrl, loadEnv } from './env';

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
});
