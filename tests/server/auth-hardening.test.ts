import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@/lib/messages';
import { sessions } from '@/server/db/schema';
import {
  auth,
  ENGINE,
  GOOD_PASSWORD,
  json,
  setupTestApp,
  signUpVerified,
  uniqueEmail,
} from './helpers';

const t = setupTestApp();

const signIn = (email: string, password: string, ip: string, userAgent = 'Test browser') =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/sign-in',
    remoteAddress: ip,
    headers: { 'user-agent': userAgent, 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password }),
  });

/** Every link mailed to `to`, oldest first. */
async function mailedTokens(to: string, pathname: string) {
  await t.app.ctx.mail.drain();
  return (await t.app.ctx.outbox.latest())
    .filter((m) => m.to === to)
    .reverse()
    .flatMap((m) => m.links.map((l) => new URL(l)))
    .filter((u) => u.pathname === pathname)
    .map((u) => u.searchParams.get('token')!);
}

describe(`accounts (${ENGINE})`, () => {
  it("a stranger's failures from other addresses never keep the owner out of their own address", async () => {
    const owner = await signUpVerified(t.app);
    expect((await signIn(owner.email, owner.password, '10.0.0.1')).statusCode).toBe(200);
    // Ten wrong passwords, each from another address.
    for (let i = 0; i < 10; i++)
      expect((await signIn(owner.email, 'Wrong1!pw', `10.1.0.${i}`)).statusCode).toBe(401);
    // From now on strangers wait longer and longer between attempts…
    expect((await signIn(owner.email, 'Wrong1!pw', '10.2.0.1')).statusCode).toBe(401);
    const slowed = await signIn(owner.email, 'Wrong1!pw', '10.2.0.2');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toBe(MESSAGES.auth.tooManyAttempts);
    const wait = Number(slowed.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    // …while the owner's own address signs in at once.
    expect((await signIn(owner.email, owner.password, '10.0.0.1')).statusCode).toBe(200);
  });

  it('locks one account-and-address pair after ten failures, not the account', async () => {
    const owner = await signUpVerified(t.app);
    expect((await signIn(owner.email, owner.password, '10.5.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await signIn(owner.email, 'Wrong1!pw', '10.6.0.1')).statusCode).toBe(401);
    const locked = await signIn(owner.email, owner.password, '10.6.0.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The same address may still sign in to another account; the owner's own address works.
    const other = await signUpVerified(t.app);
    expect((await signIn(other.email, other.password, '10.6.0.1')).statusCode).toBe(200);
    expect((await signIn(owner.email, owner.password, '10.5.0.1')).statusCode).toBe(200);
  });

  it("refuses a pre-registration hijack: only the mailbox owner's own sign-up can be verified", async () => {
    const email = uniqueEmail('victim');
    const signUp = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/sign-up',
        ...json({ name: 'X', email, password }),
      });
    const verify = (token: string, password?: string) =>
      t.app.inject({ method: 'POST', url: '/v1/auth/verify-email', ...json({ token, password }) });
    // A stranger registers the owner's address first, with a password of their own…
    expect((await signUp('Attack1!x')).statusCode).toBe(201);
    // …the owner signs up too, and the stranger signs up once more and asks for a resend.
    expect((await signUp(GOOD_PASSWORD)).statusCode).toBe(201);
    expect((await signUp('Attack2!x')).statusCode).toBe(201);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/auth/resend-verification',
          ...json({ email }),
        })
      ).statusCode,
    ).toBe(200);
    const [first, owners, third, resent] = await mailedTokens(email, '/verify-email');
    // The owner reads every one of those mails, but only knows their own password.
    for (const token of [first!, third!, resent!]) {
      const res = await verify(token, GOOD_PASSWORD);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'invalid_credentials',
        message: MESSAGES.auth.invalidCredentials,
      });
    }
    const missing = await verify(owners!);
    expect(missing.json().code).toBe('password_required');
    // A mistyped password does not spend the link; the right one verifies.
    expect((await verify(owners!, 'Typo1!xyz')).statusCode).toBe(401);
    expect((await verify(owners!, GOOD_PASSWORD)).statusCode).toBe(200);
    // Verifying spends every other link: the stranger's passwords never work.
    expect((await verify(first!, 'Attack1!x')).statusCode).toBe(400);
    for (const [password, status] of [
      ['Attack1!x', 401],
      ['Attack2!x', 401],
      [GOOD_PASSWORD, 200],
    ] as const)
      expect((await signIn(email, password, '10.7.0.1')).statusCode, password).toBe(status);
    // A sign-up for a verified address changes nothing and mails no verification link.
    expect((await signUp('Attack3!x')).statusCode).toBe(201);
    expect(await mailedTokens(email, '/verify-email')).toHaveLength(4);
    expect((await signIn(email, GOOD_PASSWORD, '10.7.0.3')).statusCode).toBe(200);
  });

  it('lists sessions with device and last use, signs one out or every other, and ends sessions after 90 days', async () => {
    const u = await signUpVerified(t.app);
    const phone = (
      await signIn(u.email, u.password, '10.8.0.1', 'Mozilla/5.0 (iPhone) Safari')
    ).json().data.token as string;
    const laptop = (
      await signIn(u.email, u.password, '10.8.0.2', 'Mozilla/5.0 (X11; Linux) Firefox')
    ).json().data.token as string;
    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/users/me/sessions',
      headers: auth(laptop),
    });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as {
      id: number;
      user_agent: string;
      ip: string;
      current: boolean;
      last_used_at: string;
    }[];
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.current)).toEqual([
      expect.objectContaining({ user_agent: 'Mozilla/5.0 (X11; Linux) Firefox', ip: '10.8.0.2' }),
    ]);
    expect(Date.parse(rows[0]!.last_used_at)).toBeGreaterThan(Date.now() - 60_000);
    const phoneRow = rows.find((r) => r.user_agent?.includes('iPhone'))!;

    // Another user can neither see nor end these sessions.
    const stranger = await signUpVerified(t.app);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/v1/users/me/sessions/${phoneRow.id}`,
      headers: auth(stranger.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: auth(phone) })).statusCode,
    ).toBe(200);

    const one = await t.app.inject({
      method: 'DELETE',
      url: `/v1/users/me/sessions/${phoneRow.id}`,
      headers: auth(laptop),
    });
    expect(one.json().data.message).toBe(MESSAGES.auth.sessionRevoked);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: auth(phone) })).statusCode,
    ).toBe(401);

    const others = await t.app.inject({
      method: 'POST',
      url: '/v1/users/me/sessions/sign-out-others',
      headers: auth(laptop),
    });
    expect(others.json().data.message).toBe(MESSAGES.auth.otherSessionsRevoked);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: auth(u.token) }))
        .statusCode,
    ).toBe(401);
    const left = await t.app.inject({
      method: 'GET',
      url: '/v1/users/me/sessions',
      headers: auth(laptop),
    });
    expect(left.json().data).toHaveLength(1);

    // However often it is used, a session ends 90 days after sign-in.
    const current = (left.json().data as { id: number }[])[0]!.id;
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 91 * 86_400_000) })
      .where(eq(sessions.id, current));
    // Written behind the service's back: the session remembered in memory is dropped by hand.
    await t.app.ctx.sessions.forgetUser(u.userId);
    const expired = await t.app.inject({
      method: 'GET',
      url: '/v1/users/me',
      headers: auth(laptop),
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(MESSAGES.auth.sessionExpired);
  });
});
