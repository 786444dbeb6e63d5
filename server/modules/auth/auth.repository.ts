import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens, sessions, users } from '../../db/schema';

type Purpose = 'verify_email' | 'reset_password';

/** Not revoked, not expired, and signed in after `createdAfter` (the absolute lifetime). */
const liveSession = (now: Date, createdAfter: Date) =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.createdAt, createdAfter),
  );

/** An unused, unexpired token of this purpose. */
const liveEmailToken = (purpose: Purpose, tokenHash: string, now: Date) =>
  and(
    eq(emailTokens.tokenHash, tokenHash),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );

/** Sessions and single-use e-mail tokens, stored by hash only. */
export function createAuthRepository(db: Db) {
  return {
    async createSession(
      userId: string,
      tokenHash: string,
      expiresAt: Date,
      device: { userAgent: string | null; ip: string | null },
    ) {
      const [row] = await db
        .insert(sessions)
        .values({ userId, tokenHash, expiresAt, userAgent: device.userAgent, ip: device.ip })
        .returning();
      return row;
    },
    /**
     * The live session of a token with its user, in one round trip (every request does this):
     * not revoked, not expired, and created after `createdAfter` (the absolute lifetime).
     */
    async findLiveSession(tokenHash: string, now: Date, createdAfter: Date) {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), liveSession(now, createdAfter)))
        .limit(1);
      return row;
    },
    /** Slides the expiry and records the use. */
    async touchSession(id: number, changes: { expiresAt?: Date; lastUsedAt: Date }) {
      await db.update(sessions).set(changes).where(eq(sessions.id, id));
    },
    /** The user's live sessions, most recently used first. */
    async listLiveSessions(userId: string, now: Date, createdAfter: Date) {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), liveSession(now, createdAfter)))
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.id))
        .limit(100);
    },
    async revokeSession(id: number) {
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
    },
    /** Revokes one live session of this user; false when it is not theirs or not live. */
    async revokeOwnSession(userId: string, id: number) {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },
    async revokeUserSessions(userId: string, exceptSessionId?: number, tx: Db = db) {
      const cond = exceptSessionId
        ? and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            ne(sessions.id, exceptSessionId),
          )
        : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
      await tx.update(sessions).set({ revokedAt: new Date() }).where(cond);
    },
    async createEmailToken(
      userId: string,
      purpose: Purpose,
      tokenHash: string,
      expiresAt: Date,
      tx: Db = db,
      passwordHash: string | null = null,
    ) {
      await tx.insert(emailTokens).values({ userId, purpose, tokenHash, expiresAt, passwordHash });
    },
    /** A live (unused, unexpired) token, without spending it. */
    async findLiveEmailToken(purpose: Purpose, tokenHash: string, now: Date) {
      const [row] = await db
        .select({ userId: emailTokens.userId, passwordHash: emailTokens.passwordHash })
        .from(emailTokens)
        .where(liveEmailToken(purpose, tokenHash, now))
        .limit(1);
      return row;
    },
    /** The password bound to the user's newest verification link (the latest sign-up's). */
    async newestPendingPassword(userId: string, tx: Db = db) {
      const [row] = await tx
        .select({ passwordHash: emailTokens.passwordHash })
        .from(emailTokens)
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'verify_email')))
        .orderBy(desc(emailTokens.id))
        .limit(1);
      return row?.passwordHash ?? null;
    },
    /**
     * Marks a live token used and returns its user id (and, for a verification, the password of
     * the sign-up that mailed it); undefined when used, expired or unknown.
     */
    async consumeEmailToken(purpose: Purpose, tokenHash: string, now: Date, tx: Db = db) {
      const [row] = await tx
        .update(emailTokens)
        .set({ usedAt: now })
        .where(liveEmailToken(purpose, tokenHash, now))
        .returning({ userId: emailTokens.userId, passwordHash: emailTokens.passwordHash });
      return row;
    },
    async invalidateEmailTokens(userId: string, purpose: Purpose, tx: Db = db) {
      await tx
        .update(emailTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(emailTokens.userId, userId),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
          ),
        );
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
