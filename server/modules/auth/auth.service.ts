import { randomUUID } from 'node:crypto';
import { MESSAGES } from '../../../lib/messages';
import { RESET_TOKEN_TTL_MS, SESSION_TTL_MS, VERIFY_TOKEN_TTL_MS } from '../../../lib/constants';
import type { SignInBody, SignUpBody } from '../../../lib/contracts/auth';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { hashToken, newToken } from '../../lib/tokens';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import type { DeliveryQueue } from '../../mail/mailer';
import { mailTemplates } from '../../mail/templates';
import type { CounterStore, RateLimits } from '../../plugins/rate-limit';
import type { PlansRepository } from '../plans/plans.repository';
import { toUserDto, type UserRow, type UsersRepository } from '../users/users.repository';
import type { AuthRepository } from './auth.repository';
import type { SessionCache } from './session-cache';
import { createSessions, type AuthContext } from './sessions';
import { createSignInThrottle } from './sign-in-throttle';

export type { AuthContext, SessionsRevoked } from './sessions';

/** Where a sign-in comes from: kept on the session (the sessions list shows it). */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

const invalidToken = () => new AppError(400, 'invalid_token', MESSAGES.auth.invalidToken);

export function createAuthService(deps: {
  db: Db;
  users: UsersRepository;
  auth: AuthRepository;
  plans: PlansRepository;
  mail: DeliveryQueue;
  counters: CounterStore;
  limits: RateLimits;
  appUrl: string;
  /** Remembered sessions; forgotten here whenever a session ends or its user changes. */
  sessions: SessionCache;
}) {
  const { db, users, auth, plans, mail: outgoing, counters, limits, sessions: cache } = deps;
  const throttle = createSignInThrottle({ counters, pair: limits.signInFailuresPerAccount });
  const sessions = createSessions({ auth, cache });
  const { revoked } = sessions;
  const link = (path: string, token: string) =>
    `${deps.appUrl}${path}?token=${encodeURIComponent(token)}`;

  /**
   * A verification mail whose link carries the password of the sign-up that asked for it (the
   * pending password is set only when the link is used, by whoever reads that mailbox).
   */
  async function sendVerification(user: UserRow, tx: Db = db, passwordHash?: string) {
    const token = newToken();
    await auth.createEmailToken(
      user.id,
      'verify_email',
      hashToken(token),
      new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
      tx,
      passwordHash ?? null,
    );
    return mailTemplates.verifyEmail(user.email, user.name, link('/verify-email', token));
  }

  /** A new session of a verified user: the token (only its hash is stored) and the user. */
  async function openSession(user: UserRow, client: ClientInfo) {
    const token = newToken();
    await auth.createSession(user.id, hashToken(token), new Date(Date.now() + SESSION_TTL_MS), {
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
    });
    return { token, user: toUserDto(user) };
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
          return sendVerification(created, tx, passwordHash);
        }
        const existing = await users.findByEmail(body.email, tx);
        // A second sign-up for a pending e-mail changes nothing now: its own link carries its
        // password, and verifying needs the link and that password together. A stranger who
        // registered the address first (or again later) gets no account out of it
        // (pre-registration hijack): they cannot read the mail, the owner does not know theirs.
        if (existing && !existing.emailVerifiedAt)
          return sendVerification(existing, tx, passwordHash);
        return mailTemplates.alreadyRegistered(body.email, `${deps.appUrl}/sign-in`);
      });
      outgoing.deliver(mail);
      return { message: MESSAGES.auth.signUpDone, email: body.email };
    },

    /**
     * Verifies the address and signs the person in (docs/security.md, "Verify and sign in"): the
     * link and the password of the sign-up that mailed it, checked like a sign-in (its throttle
     * and its error); the link is spent only when both are right.
     */
    async verifyEmail(token: string, password: string | undefined, client: ClientInfo) {
      const tokenHash = hashToken(token);
      const live = await auth.findLiveEmailToken('verify_email', tokenHash, new Date());
      if (!live) throw invalidToken();
      // Checked before the link is spent, so a typo does not cost the person their link.
      if (!password)
        throw new AppError(400, 'password_required', MESSAGES.auth.verifyPasswordRequired, [
          { path: 'password', message: MESSAGES.auth.verifyPasswordRequired },
        ]);
      const pending = await users.findById(live.userId);
      if (!pending) throw invalidToken();
      await throttle.before(pending.email, client.ip);
      if (!(await verifyPassword(live.passwordHash ?? pending.passwordHash, password))) {
        await throttle.failed(pending.email, client.ip);
        throw new AppError(401, 'invalid_credentials', MESSAGES.auth.invalidCredentials, [
          { path: 'password', message: MESSAGES.auth.invalidCredentials },
        ]);
      }
      await throttle.succeeded(pending.email, client.ip);
      const user = await db.transaction(async (tx) => {
        const used = await auth.consumeEmailToken('verify_email', tokenHash, new Date(), tx);
        if (!used) throw invalidToken();
        const current = await users.findById(used.userId, tx);
        const updated = await users.update(
          used.userId,
          {
            emailVerifiedAt: current?.emailVerifiedAt ?? new Date(),
            // Only a pending account takes the sign-up's password; a verified one keeps its own.
            ...(used.passwordHash && !current?.emailVerifiedAt
              ? { passwordHash: used.passwordHash }
              : {}),
          },
          tx,
        );
        // One verification: the other sign-ups' links are spent with it.
        await auth.invalidateEmailTokens(used.userId, 'verify_email', tx);
        return updated;
      });
      if (!user) throw invalidToken();
      await throttle.signedIn(user.email, client.ip);
      return { message: MESSAGES.auth.verified, ...(await openSession(user, client)) };
    },

    async resendVerification(email: string) {
      const user = await users.findByEmail(email);
      // The new link carries the newest sign-up's password: verifying still needs it.
      if (user && !user.emailVerifiedAt)
        outgoing.deliver(
          await sendVerification(
            user,
            db,
            (await auth.newestPendingPassword(user.id)) ?? user.passwordHash,
          ),
        );
      return { message: MESSAGES.auth.verificationSent };
    },

    async signIn(body: SignInBody, client: ClientInfo) {
      await throttle.before(body.email, client.ip);
      const user = await users.findByEmail(body.email);
      const ok = user
        ? await verifyPassword(user.passwordHash, body.password)
        : (await burnPasswordCheck(body.password), false);
      if (!user || !ok) {
        await throttle.failed(body.email, client.ip);
        throw new AppError(401, 'invalid_credentials', MESSAGES.auth.invalidCredentials);
      }
      await throttle.succeeded(body.email, client.ip);
      if (!user.emailVerifiedAt)
        throw new AppError(403, 'email_not_verified', MESSAGES.auth.emailNotVerified);
      await throttle.signedIn(body.email, client.ip);
      return openSession(user, client);
    },

    ...sessions,

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
    async resetPassword(token: string, password: string, ip?: string) {
      const passwordHash = await hashPassword(password);
      let revokedUser: string | undefined;
      const email = await db.transaction(async (tx) => {
        const userId = (
          await auth.consumeEmailToken('reset_password', hashToken(token), new Date(), tx)
        )?.userId;
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
      if (revokedUser) await revoked({ userId: revokedUser });
      if (email) {
        await throttle.reset(email, ip);
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
      // The current session stays, and is read again with the new password hash.
      await revoked({ userId: ctx.user.id, exceptSessionId: ctx.sessionId });
      outgoing.deliver(mailTemplates.passwordChanged(ctx.user.email));
      return { message: MESSAGES.auth.passwordChanged };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
