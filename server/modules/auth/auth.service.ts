import { randomUUID } from 'node:crypto';
import { MESSAGES } from '../../../lib/messages';
import { RESET_TOKEN_TTL_MS, SESSION_TTL_MS, VERIFY_TOKEN_TTL_MS } from '../../../lib/constants';
import type { SignInBody, SignUpBody } from '../../../lib/contracts/auth';
import type { Db } from '../../db/client';
import { AppError, tooManyRequests, unauthorized } from '../../errors';
import { hashToken, newToken } from '../../lib/tokens';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import type { DeliveryQueue } from '../../mail/mailer';
import { mailTemplates } from '../../mail/templates';
import type { CounterStore, RateLimits } from '../../plugins/rate-limit';
import type { PlansRepository } from '../plans/plans.repository';
import { toUserDto, type UserRow, type UsersRepository } from '../users/users.repository';
import type { AuthRepository } from './auth.repository';

/** Which sessions just stopped being valid (so live sockets of them can be closed). */
export interface SessionsRevoked {
  userId: string;
  /** Only this session; without it, every session of the user... */
  sessionId?: number;
  /** ...except this one. */
  exceptSessionId?: number;
}

export interface AuthContext {
  user: UserRow;
  sessionId: number;
}

const invalidToken = () => new AppError(400, 'invalid_token', MESSAGES.auth.invalidToken);
// Extend a sliding session at most once an hour so reads don't write on every request.
const SLIDE_EVERY_MS = 60 * 60 * 1000;

export function createAuthService(deps: {
  db: Db;
  users: UsersRepository;
  auth: AuthRepository;
  plans: PlansRepository;
  mail: DeliveryQueue;
  counters: CounterStore;
  limits: RateLimits;
  appUrl: string;
}) {
  const { db, users, auth, plans, mail: outgoing, counters, limits } = deps;
  const revokedListeners = new Set<(e: SessionsRevoked) => void>();
  const revoked = (e: SessionsRevoked) => revokedListeners.forEach((fn) => fn(e));
  const link = (path: string, token: string) =>
    `${deps.appUrl}${path}?token=${encodeURIComponent(token)}`;

  async function sendVerification(user: UserRow, tx: Db = db) {
    const token = newToken();
    await auth.createEmailToken(
      user.id,
      'verify_email',
      hashToken(token),
      new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
      tx,
    );
    return mailTemplates.verifyEmail(user.email, user.name, link('/verify-email', token));
  }

  return {
    /** Same answer whether or not the e-mail is taken, so sign-up reveals no accounts. */
    async signUp(body: SignUpBody) {
      const free = await plans.byCode('free');
      if (!free) throw new Error('plan catalogue is not seeded');
      const passwordHash = await hashPassword(body.password);
      const mail = await db.transaction(async (tx) => {
        const created = await users.insert(
          { id: randomUUID(), email: body.email, name: body.name, passwordHash },
          tx,
        );
        if (created) {
          await plans.startOn(created.id, free.id, tx);
          return sendVerification(created, tx);
        }
        const existing = await users.findByEmail(body.email, tx);
        if (existing && !existing.emailVerifiedAt) return sendVerification(existing, tx);
        return mailTemplates.alreadyRegistered(body.email, `${deps.appUrl}/sign-in`);
      });
      outgoing.deliver(mail);
      return { message: MESSAGES.auth.signUpDone, email: body.email };
    },

    async verifyEmail(token: string) {
      await db.transaction(async (tx) => {
        const userId = await auth.consumeEmailToken(
          'verify_email',
          hashToken(token),
          new Date(),
          tx,
        );
        if (!userId) throw invalidToken();
        await users.update(userId, { emailVerifiedAt: new Date() }, tx);
      });
      return { message: MESSAGES.auth.verified };
    },

    async resendVerification(email: string) {
      const user = await users.findByEmail(email);
      if (user && !user.emailVerifiedAt) outgoing.deliver(await sendVerification(user));
      return { message: MESSAGES.auth.verificationSent };
    },

    async signIn(body: SignInBody) {
      const rule = limits.signInFailuresPerAccount;
      const key = `signin-fail:${body.email}`;
      // Count the attempt before checking it, so parallel guesses cannot slip past the limit.
      const attempts = await counters.hit(key, rule.windowMs);
      if (attempts.count > rule.max) {
        throw tooManyRequests(MESSAGES.auth.tooManyAttempts, attempts.resetInMs / 1000);
      }
      const user = await users.findByEmail(body.email);
      const ok = user
        ? await verifyPassword(user.passwordHash, body.password)
        : (await burnPasswordCheck(body.password), false);
      if (!user || !ok)
        throw new AppError(401, 'invalid_credentials', MESSAGES.auth.invalidCredentials);
      await counters.clear(key);
      if (!user.emailVerifiedAt)
        throw new AppError(403, 'email_not_verified', MESSAGES.auth.emailNotVerified);
      const token = newToken();
      await auth.createSession(user.id, hashToken(token), new Date(Date.now() + SESSION_TTL_MS));
      return { token, user: toUserDto(user) };
    },

    /** Resolves a bearer token to its live session, sliding the expiry forward. */
    async authenticate(token: string | undefined): Promise<AuthContext> {
      if (!token) throw unauthorized(MESSAGES.http.unauthorized);
      const now = new Date();
      const found = await auth.findLiveSession(hashToken(token), now);
      if (!found) throw unauthorized(MESSAGES.auth.sessionExpired);
      const { session, user } = found;
      const renewed = now.getTime() + SESSION_TTL_MS;
      if (renewed - session.expiresAt.getTime() > SLIDE_EVERY_MS)
        await auth.extendSession(session.id, new Date(renewed));
      return { user, sessionId: session.id };
    },

    /** Listens for revoked sessions (realtime closes their sockets). */
    onSessionsRevoked(listener: (e: SessionsRevoked) => void) {
      revokedListeners.add(listener);
    },

    async signOut(ctx: AuthContext) {
      await auth.revokeSession(ctx.sessionId);
      revoked({ userId: ctx.user.id, sessionId: ctx.sessionId });
      return { message: 'Signed out.' };
    },

    /** Same answer whether or not the account exists. */
    async forgotPassword(email: string) {
      const user = await users.findByEmail(email);
      if (user) {
        const token = newToken();
        await auth.createEmailToken(
          user.id,
          'reset_password',
          hashToken(token),
          new Date(Date.now() + RESET_TOKEN_TTL_MS),
        );
        outgoing.deliver(mailTemplates.resetPassword(user.email, link('/reset-password', token)));
      }
      return { message: MESSAGES.auth.resetRequested };
    },

    /** Sets the password, spends every reset token and signs every session out. */
    async resetPassword(token: string, password: string) {
      const passwordHash = await hashPassword(password);
      let revokedUser: string | undefined;
      const email = await db.transaction(async (tx) => {
        const userId = await auth.consumeEmailToken(
          'reset_password',
          hashToken(token),
          new Date(),
          tx,
        );
        if (!userId) throw invalidToken();
        const current = await users.findById(userId, tx);
        const user = await users.update(
          userId,
          { passwordHash, emailVerifiedAt: current?.emailVerifiedAt ?? new Date() },
          tx,
        );
        await auth.invalidateEmailTokens(userId, 'reset_password', tx);
        await auth.revokeUserSessions(userId, undefined, tx);
        revokedUser = userId;
        return user?.email;
      });
      if (revokedUser) revoked({ userId: revokedUser });
      if (email) {
        await counters.clear(`signin-fail:${email}`);
        outgoing.deliver(mailTemplates.passwordChanged(email));
      }
      return { message: MESSAGES.auth.resetDone };
    },

    /** Changes the password and signs every other session out. */
    async changePassword(ctx: AuthContext, currentPassword: string, password: string) {
      if (!(await verifyPassword(ctx.user.passwordHash, currentPassword))) {
        throw new AppError(400, 'wrong_password', MESSAGES.auth.wrongCurrentPassword, [
          { path: 'current_password', message: MESSAGES.auth.wrongCurrentPassword },
        ]);
      }
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await users.update(ctx.user.id, { passwordHash }, tx);
        await auth.revokeUserSessions(ctx.user.id, ctx.sessionId, tx);
      });
      revoked({ userId: ctx.user.id, exceptSessionId: ctx.sessionId });
      outgoing.deliver(mailTemplates.passwordChanged(ctx.user.email));
      return { message: MESSAGES.auth.passwordChanged };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
