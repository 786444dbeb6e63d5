import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { DEFAULT_RATE_LIMITS } from '@/server/plugins/rate-limit';
import {
  auth,
  ENGINE,
  GOOD_PASSWORD,
  json,
  setupTestApp,
  signUpVerified,
  tokenFromOutbox,
  uniqueEmail,
  withTestApp,
} from './helpers';

const t = setupTestApp();
afterEach(() => vi.useRealTimers());

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    ...json(body),
    headers: { 'content-type': 'application/json', ...headers },
  });

describe(`auth flow (${ENGINE})`, () => {
  it('signs up, verifies through the mailed link, signs in and reads the current user', async () => {
    const email = uniqueEmail('Flow').toUpperCase();
    const up = await post('/v1/auth/sign-up', {
      name: '  Ann Lee ',
      email,
      password: GOOD_PASSWORD,
    });
    expect(up.statusCode).toBe(201);
    expect(up.json().data.message).toBe(MESSAGES.auth.signUpDone);

    const blocked = await post('/v1/auth/sign-in', { email, password: GOOD_PASSWORD });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({
      code: 'email_not_verified',
      message: MESSAGES.auth.emailNotVerified,
    });

    const token = await tokenFromOutbox(t.app, email.toLowerCase(), '/verify-email');
    expect(
      (await post('/v1/auth/verify-email', { token, password: GOOD_PASSWORD })).statusCode,
    ).toBe(200);

    const res = await post('/v1/auth/sign-in', { email, password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(200);
    const { token: session, user } = res.json().data;
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toEqual({
      id: user.id,
      email: email.toLowerCase(),
      name: 'Ann Lee',
      avatar: null,
      stripe_customer_id: null,
    });

    const me = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: auth(session) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ data: user });
  });

  it('stores only hashes of session tokens', async () => {
    const { token } = await signUpVerified(t.app);
    const rows = await t.database.db.query.sessions.findMany();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('starts every new account on the free plan', async () => {
    const { token } = await signUpVerified(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/users/me/subscription',
      headers: auth(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.current_plan.code).toBe('free');
    expect(res.json().data.user_subscription.snapshot_quota).toEqual({
      mau_limit: 1000,
      product_limit: 1,
    });
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const { email } = await signUpVerified(t.app);
    const wrong = await post('/v1/auth/sign-in', { email, password: 'Nope1!nope' });
    const unknown = await post('/v1/auth/sign-in', {
      email: uniqueEmail('ghost'),
      password: 'Nope1!nope',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(MESSAGES.auth.invalidCredentials);
  });

  it('answers sign-up for a taken e-mail like a new one and creates no second account', async () => {
    const { email } = await signUpVerified(t.app);
    const again = await post('/v1/auth/sign-up', { name: 'Other', email, password: 'Other1!pw' });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.message).toBe(MESSAGES.auth.signUpDone);
    const signIn = await post('/v1/auth/sign-in', { email, password: 'Other1!pw' });
    expect(signIn.statusCode).toBe(401);
  });

  it('refuses used, expired and forged verification tokens', async () => {
    const email = uniqueEmail('tok');
    await post('/v1/auth/sign-up', { name: 'T', email, password: GOOD_PASSWORD });
    const token = await tokenFromOutbox(t.app, email, '/verify-email');
    expect(
      (await post('/v1/auth/verify-email', { token, password: GOOD_PASSWORD })).statusCode,
    ).toBe(200);
    const reused = await post('/v1/auth/verify-email', { token, password: GOOD_PASSWORD });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      code: 'invalid_token',
      message: MESSAGES.auth.invalidToken,
    });

    const forged = await post('/v1/auth/verify-email', {
      token: `${token.slice(0, -2)}xx`,
      password: GOOD_PASSWORD,
    });
    expect(forged.statusCode).toBe(400);

    const email2 = uniqueEmail('exp');
    await post('/v1/auth/sign-up', { name: 'T', email: email2, password: GOOD_PASSWORD });
    const token2 = await tokenFromOutbox(t.app, email2, '/verify-email');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 49 * 60 * 60 * 1000);
    const expired = await post('/v1/auth/verify-email', {
      token: token2,
      password: GOOD_PASSWORD,
    });
    expect(expired.statusCode).toBe(400);
  });

  it('resends verification with the same answer for unknown and verified accounts', async () => {
    const { email } = await signUpVerified(t.app);
    const a = await post('/v1/auth/resend-verification', { email });
    const b = await post('/v1/auth/resend-verification', { email: uniqueEmail('none') });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    const pending = uniqueEmail('pending');
    await post('/v1/auth/sign-up', { name: 'P', email: pending, password: GOOD_PASSWORD });
    await t.app.ctx.mail.drain();
    const before = (await t.app.ctx.outbox.latest()).filter((m) => m.to === pending).length;
    await post('/v1/auth/resend-verification', { email: pending });
    await t.app.ctx.mail.drain();
    const after = (await t.app.ctx.outbox.latest()).filter((m) => m.to === pending).length;
    expect(after).toBe(before + 1);
  });

  it('signs out: the token then answers 401', async () => {
    const { token } = await signUpVerified(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-out',
      headers: auth(token),
    });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: auth(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('unauthorized');
  });

  it('refuses missing, forged and expired session tokens', async () => {
    const { token } = await signUpVerified(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/v1/users/me' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: auth('forged-token') }))
        .statusCode,
    ).toBe(401);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 24 * 60 * 60 * 1000);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: auth(token) })).statusCode,
    ).toBe(401);
  });

  it('slides a session forward while it is used', async () => {
    const { token } = await signUpVerified(t.app);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + 20 * 24 * 60 * 60 * 1000);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: auth(token) })).statusCode,
    ).toBe(200);
    vi.setSystemTime(start + 40 * 24 * 60 * 60 * 1000);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: auth(token) })).statusCode,
    ).toBe(200);
  });

  it('resets a password with a single-use link and revokes every session', async () => {
    const { email, token: session } = await signUpVerified(t.app);
    const fp = await post('/v1/auth/forgot-password', { email });
    const ghost = await post('/v1/auth/forgot-password', { email: uniqueEmail('ghost') });
    expect(fp.statusCode).toBe(200);
    expect(fp.json()).toEqual(ghost.json());
    const reset = await tokenFromOutbox(t.app, email, '/reset-password');

    const weak = await post('/v1/auth/reset-password', { token: reset, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(MESSAGES.password.min);

    const ok = await post('/v1/auth/reset-password', { token: reset, password: 'NewPass1!' });
    expect(ok.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: auth(session) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post('/v1/auth/reset-password', { token: reset, password: 'Again12!' })).statusCode,
    ).toBe(400);
    expect((await post('/v1/auth/sign-in', { email, password: GOOD_PASSWORD })).statusCode).toBe(
      401,
    );
    expect((await post('/v1/auth/sign-in', { email, password: 'NewPass1!' })).statusCode).toBe(200);
  });

  it('expires reset links after 30 minutes', async () => {
    const { email } = await signUpVerified(t.app);
    await post('/v1/auth/forgot-password', { email });
    const reset = await tokenFromOutbox(t.app, email, '/reset-password');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60 * 1000);
    expect(
      (await post('/v1/auth/reset-password', { token: reset, password: 'NewPass1!' })).statusCode,
    ).toBe(400);
  });

  it('changes the password with the current one and signs other sessions out', async () => {
    const { email, token } = await signUpVerified(t.app);
    const other = (await post('/v1/auth/sign-in', { email, password: GOOD_PASSWORD })).json().data
      .token as string;
    const put = (body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/v1/users/me/password',
        ...json(body),
        headers: { 'content-type': 'application/json', ...auth(token) },
      });
    const wrong = await put({ current_password: 'Wrong1!pw', password: 'Better1!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGES.auth.wrongCurrentPassword);
    expect((await put({ current_password: GOOD_PASSWORD, password: 'Better1!' })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: auth(token) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: auth(other) })).statusCode,
    ).toBe(401);
  });

  it('updates the profile name and avatar', async () => {
    const { token } = await signUpVerified(t.app);
    const put = (body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/v1/users/me',
        ...json(body),
        headers: { 'content-type': 'application/json', ...auth(token) },
      });
    const ok = await put({ name: 'New Name', avatar: 'https://example.com/a.png' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'New Name', avatar: 'https://example.com/a.png' });
    const bad = await put({ name: 'X', avatar: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.field.avatar);
  });
});

describe(`rate limits (${ENGINE})`, () => {
  it('locks an account after 10 failed sign-ins in 15 minutes, even with the right password', async () => {
    const { email, password } = await signUpVerified(t.app);
    for (let i = 0; i < 10; i++) {
      expect((await post('/v1/auth/sign-in', { email, password: 'Wrong1!pw' })).statusCode).toBe(
        401,
      );
    }
    const locked = await post('/v1/auth/sign-in', { email, password });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().message).toBe(MESSAGES.auth.tooManyAttempts);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    expect((await post('/v1/auth/sign-in', { email, password })).statusCode).toBe(200);
  });

  it('holds the per-account limit under parallel guesses', async () => {
    const { email } = await signUpVerified(t.app);
    const codes = (
      await Promise.all(
        Array.from({ length: 25 }, () =>
          post('/v1/auth/sign-in', { email, password: 'Wrong1!pw' }),
        ),
      )
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
  });

  it('limits sign-up and forgot-password per address with 429 and Retry-After (default limits)', async () => {
    await withTestApp({ limits: DEFAULT_RATE_LIMITS }, async (strict) => {
      const send = (url: string, body: unknown) =>
        strict.app.inject({ method: 'POST', url, ...json(body) });
      const forgot: number[] = [];
      for (let i = 0; i <= DEFAULT_RATE_LIMITS.forgotPassword.max; i++) {
        forgot.push(
          (await send('/v1/auth/forgot-password', { email: uniqueEmail('rl') })).statusCode,
        );
      }
      expect(forgot.slice(0, -1).every((c) => c === 200)).toBe(true);
      expect(forgot.at(-1)).toBe(429);
      let last;
      for (let i = 0; i <= DEFAULT_RATE_LIMITS.signUp.max; i++) {
        last = await send('/v1/auth/sign-up', {
          name: 'R',
          email: uniqueEmail('rl'),
          password: 'short',
        });
      }
      expect(last?.statusCode).toBe(429);
      expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});
