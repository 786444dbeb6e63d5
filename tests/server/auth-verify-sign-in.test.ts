import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { auth, json, LOOSE_AUTH_LIMITS, setupTestApp, tokenFromOutbox } from './helpers';

/** A 16-character password from a password manager (docs/adr/0020-password-maximum.md). */
const MANAGER_PASSWORD = 'q7G#vL2m!Xp9$Rt4';

let n = 0;

const t = setupTestApp({
  limits: {
    ...LOOSE_AUTH_LIMITS,
    // Three failures per account and address, counted by sign-in and verification alike.
    signInFailuresPerAccount: { max: 3, windowMs: 15 * 60_000 },
  },
});

const post = (url: string, body: unknown, ip = '10.30.0.1') =>
  t.app.inject({ method: 'POST', url, remoteAddress: ip, ...json(body) });

/** Signs up and returns the mailed verification token. */
async function signUp(password = MANAGER_PASSWORD) {
  const email = `verify-${++n}-${Date.now()}@example.com`;
  const up = await post('/v1/auth/sign-up', { name: 'New User', email, password });
  expect(up.statusCode, up.body).toBe(201);
  return { email, token: await tokenFromOutbox(t.app, email, '/verify-email') };
}

describe('verify and sign in', () => {
  it('the link and the sign-up password verify the address and open a session like sign-in', async () => {
    const { email, token } = await signUp();
    const res = await post('/v1/auth/verify-email', { token, password: MANAGER_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { message: string; token: string; user: { email: string } };
    expect(data.message).toBe(MESSAGES.auth.verified);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user.email).toBe(email);

    // The session works, and only its hash is stored.
    const me = await t.app.inject({
      method: 'GET',
      url: '/v1/users/me',
      headers: auth(data.token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(email);
    const rows = await t.database.db.query.sessions.findMany();
    expect(rows.some((r) => r.tokenHash === data.token)).toBe(false);
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/v1/users/me/sessions',
      headers: auth(data.token),
    });
    expect(sessions.json().data).toEqual([expect.objectContaining({ current: true })]);

    // Single use: the link does nothing a second time.
    const again = await post('/v1/auth/verify-email', { token, password: MANAGER_PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_token');
    // The password works for sign-in too.
    const signIn = await post('/v1/auth/sign-in', { email, password: MANAGER_PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });

  it("a wrong password is sign-in's error and does not spend the link", async () => {
    const { token } = await signUp();
    const wrong = await post(
      '/v1/auth/verify-email',
      { token, password: 'Wrong1!xyz' },
      '10.31.0.1',
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      code: 'invalid_credentials',
      message: MESSAGES.auth.invalidCredentials,
    });
    const none = await post('/v1/auth/verify-email', { token }, '10.31.0.1');
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('password_required');
    const right = await post(
      '/v1/auth/verify-email',
      { token, password: MANAGER_PASSWORD },
      '10.31.0.1',
    );
    expect(right.statusCode).toBe(200);
  });

  it("wrong passwords count with sign-in's: past the account's limit the right one waits too", async () => {
    const { email, token } = await signUp();
    const ip = '10.32.0.1';
    expect((await post('/v1/auth/sign-in', { email, password: 'Wrong1!xyz' }, ip)).statusCode).toBe(
      401,
    );
    for (let i = 0; i < 2; i++)
      expect(
        (await post('/v1/auth/verify-email', { token, password: 'Wrong1!xyz' }, ip)).statusCode,
      ).toBe(401);
    const limited = await post('/v1/auth/verify-email', { token, password: MANAGER_PASSWORD }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MESSAGES.auth.tooManyAttempts);
    expect(limited.headers['retry-after']).toBeDefined();
    // Nothing was verified: the account still cannot sign in from another address.
    const blocked = await post(
      '/v1/auth/sign-in',
      { email, password: MANAGER_PASSWORD },
      '10.32.0.2',
    );
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('email_not_verified');
  });

  it('accepts a password of 64 characters and refuses 65 with the message', async () => {
    const at64 = `Aa1!${'x'.repeat(60)}`;
    const { token } = await signUp(at64);
    expect((await post('/v1/auth/verify-email', { token, password: at64 })).statusCode).toBe(200);
    const res = await post('/v1/auth/sign-up', {
      name: 'Long',
      email: `long-${Date.now()}@example.com`,
      password: `${at64}y`,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Password must not exceed 64 characters');
  });
});
