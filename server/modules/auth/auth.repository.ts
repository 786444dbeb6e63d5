import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens, sessions, users } from '../../db/schema';

type Purpose = 'verify_email' | 'reset_password';

/** Sessions and single-use e-mail tokens, stored by hash only. */
export function createAuthRepository(db: Db) {
  return {
    async createSession(userId: string, tokenHash: string, expiresAt: Date) {
      const [row] = await db.insert(sessions).values({ userId, tokenHash, expiresAt }).returning();
      return row;
    },
    /** The live session of a token with its user, in one round trip (every request does this). */
    async findLiveSession(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },
    async extendSession(id: number, expiresAt: Date) {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    },
    async revokeSession(id: number) {
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
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
    ) {
      await tx.insert(emailTokens).values({ userId, purpose, tokenHash, expiresAt });
    },
    /** Marks a live token used and returns its user id; undefined when used, expired or unknown. */
    async consumeEmailToken(purpose: Purpose, tokenHash: string, now: Date, tx: Db = db) {
      const [row] = await tx
        .update(emailTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, now),
          ),
        )
        .returning({ userId: emailTokens.userId });
      return row?.userId;
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
