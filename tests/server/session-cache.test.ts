import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '@/server/db/schema';
import {
  ENGINE,
  GOOD_PASSWORD,
  json,
  request,
  setupTestApp,
  setupTwoNodes,
  signUpVerified,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  type TestApp,
  tokenFromOutbox,
} from './helpers';

type Instance = TestApp & { drop: () => Promise<void> };

const signIn = async (t: Instance, email: string, password = GOOD_PASSWORD) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/sign-in',
    ...json({ email, password }),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { token: string } }).data.token;
};
const me = (t: Instance, token: string) => request(t.app, token)('GET', '/v1/users/me');

describe(`session cache on one node (${ENGINE})`, () => {
  const t = setupTestApp();

  it('serves a known session from memory within its lifetime (no read per request)', async () => {
    const u = await signUpVerified(t.app);
    expect((await me(t, u.token)).statusCode).toBe(200);
    // Revoked behind the service's back: the remembered session is still served...
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, u.userId));
    expect((await me(t, u.token)).statusCode).toBe(200);
    // ...until anything forgets the user, which every revocation path does.
    await t.app.ctx.sessions.forgetUser(u.userId);
    expect((await me(t, u.token)).statusCode).toBe(401);
  });

  it('a signed-out token answers 401 at once, though it was just remembered', async () => {
    const u = await signUpVerified(t.app);
    expect((await me(t, u.token)).statusCode).toBe(200);
    const out = await request(t.app, u.token)('POST', '/v1/auth/sign-out');
    expect(out.statusCode).toBe(200);
    const after = await me(t, u.token);
    expect(after.statusCode).toBe(401);
  });

  it('a session signed out from the sessions list answers 401 at once', async () => {
    const u = await signUpVerified(t.app);
    const other = await signIn(t, u.email);
    expect((await me(t, other)).statusCode).toBe(200);
    const list = await request(t.app, u.token)('GET', '/v1/users/me/sessions');
    const target = (list.json().data as { id: number; current: boolean }[]).find((s) => !s.current);
    expect(target).toBeDefined();
    const res = await request(t.app, u.token)('DELETE', `/v1/users/me/sessions/${target!.id}`);
    expect(res.statusCode).toBe(200);
    expect((await me(t, other)).statusCode).toBe(401);
    expect((await me(t, u.token)).statusCode).toBe(200);
  });

  it('a password change ends the other sessions at once and the current one sees the new password', async () => {
    const u = await signUpVerified(t.app);
    const other = await signIn(t, u.email);
    expect((await me(t, other)).statusCode).toBe(200);
    expect((await me(t, u.token)).statusCode).toBe(200);
    const change = (current: string, next: string) =>
      request(t.app, u.token)('PUT', '/v1/users/me/password', {
        current_password: current,
        password: next,
      });
    expect((await change(GOOD_PASSWORD, 'Second1!pw')).statusCode).toBe(200);
    expect((await me(t, other)).statusCode).toBe(401);
    // The remembered user carried the old hash: the next change must check the new one.
    expect((await change(GOOD_PASSWORD, 'Third1!pw')).statusCode).toBe(400);
    expect((await change('Second1!pw', 'Third1!pw')).statusCode).toBe(200);
  });

  it('a password reset ends every session at once', async () => {
    const u = await signUpVerified(t.app);
    expect((await me(t, u.token)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/forgot-password',
      ...json({ email: u.email }),
    });
    const token = await tokenFromOutbox(t.app, u.email, '/reset-password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/reset-password',
      ...json({ token, password: 'Reset1!pw' }),
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(t, u.token)).statusCode).toBe(401);
  });

  it('a change of name is seen by the next request', async () => {
    const u = await signUpVerified(t.app);
    expect((await me(t, u.token)).json().data.name).toBe('Test User');
    const put = await request(t.app, u.token)('PUT', '/v1/users/me', { name: 'Renamed' });
    expect(put.statusCode).toBe(200);
    expect((await me(t, u.token)).json().data.name).toBe('Renamed');
  });
});

// Two nodes share one session store only on PostgreSQL (PGlite is one process's own database).
describe.skipIf(!TEST_REDIS_URL || !TEST_DATABASE_URL)(
  'session cache across two nodes sharing PostgreSQL and Redis',
  () => {
    const [one, two] = setupTwoNodes(() => ({
      env: { REDIS_URL: TEST_REDIS_URL as string },
    }));
    beforeAll(async () => {
      // Let both subscriptions settle before the first broadcast.
      await new Promise((r) => setTimeout(r, 200));
    });

    it('signing out on one node makes the token answer 401 on the other at once', async () => {
      const u = await signUpVerified(one.app);
      // Remembered on node two.
      expect((await me(two, u.token)).statusCode).toBe(200);
      expect((await me(two, u.token)).statusCode).toBe(200);
      expect((await request(one.app, u.token)('POST', '/v1/auth/sign-out')).statusCode).toBe(200);
      expect((await me(two, u.token)).statusCode).toBe(401);
    });

    it('a change of name on one node is seen on the other at once', async () => {
      const u = await signUpVerified(one.app);
      expect((await me(two, u.token)).json().data.name).toBe('Test User');
      await request(one.app, u.token)('PUT', '/v1/users/me', { name: 'Elsewhere' });
      expect((await me(two, u.token)).json().data.name).toBe('Elsewhere');
    });
  },
);
